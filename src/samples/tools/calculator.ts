import type { SampleTool } from '../sample-types.ts';

export const calculator: SampleTool = {
  name: 'calculator',
  description:
    'Evaluate an arithmetic expression exactly as written. Supports numbers, + - * / % ^ (power) and parentheses. ' +
    'Use it instead of doing arithmetic in your head.',
  idempotent: true,
  exampleArguments: { expression: '(2 + 3) * 4 ^ 2 / 10' },
  schemaSource: `import { z } from 'zod';

export default z.object({
  expression: z
    .string()
    .min(1)
    .max(200)
    .describe('Arithmetic only: numbers, + - * / % ^ and parentheses, e.g. "(2 + 3) * 4 ^ 2"'),
});
`,
  codeSource: `// The expression comes from the model, so it is untrusted text. It is never handed to eval or
// new Function: a small recursive-descent parser accepts arithmetic and nothing else, so the grammar
// below is the whole attack surface.
//
//   sum     := product (("+" | "-") product)*
//   product := unary (("*" | "/" | "%") unary)*
//   unary   := ("+" | "-") unary | power          so -2 ^ 2 is -(2 ^ 2) = -4, as in maths
//   power   := atom ("^" unary)?                  right-associative: 2 ^ 3 ^ 2 = 2 ^ 9
//   atom    := number | "(" sum ")"

export default async function execute(input: Input, ctx: ToolContext) {
  const result = evaluate(input.expression);
  ctx.log(input.expression, '=', result);
  return { expression: input.expression, result };
}

function evaluate(expression: string): number {
  const tokens = expression.match(/\\d+\\.?\\d*|\\.\\d+|\\S/g) ?? [];
  let position = 0;
  const peek = () => tokens[position];
  const fail = (message: string): never => {
    // A plain Error is not retried: the same expression would fail the same way. The message is
    // written for the model, which reads it and can fix its expression on the next turn.
    throw new Error(\`\${message} in "\${expression}". Use numbers, + - * / % ^ and parentheses only.\`);
  };

  function sum(): number {
    let value = product();
    while (peek() === '+' || peek() === '-') value = tokens[position++] === '+' ? value + product() : value - product();
    return value;
  }
  function product(): number {
    let value = unary();
    for (let operator = peek(); operator === '*' || operator === '/' || operator === '%'; operator = peek()) {
      position++;
      const right = unary();
      if (operator !== '*' && right === 0) fail('Division by zero');
      value = operator === '*' ? value * right : operator === '/' ? value / right : value % right;
    }
    return value;
  }
  function unary(): number {
    const sign = peek();
    if (sign !== '-' && sign !== '+') return power();
    position++;
    return sign === '-' ? -unary() : unary();
  }
  function power(): number {
    const base = atom();
    if (peek() !== '^') return base;
    position++;
    return base ** unary();
  }
  function atom(): number {
    const token = peek();
    if (token === undefined) return fail('The expression ends too early');
    position++;
    if (token === '(') {
      const value = sum();
      if (peek() !== ')') fail('Missing ")"');
      position++;
      return value;
    }
    const value = Number(token);
    return Number.isNaN(value) ? fail(\`Unexpected "\${token}"\`) : value;
  }

  const value = sum();
  if (position < tokens.length) fail(\`Unexpected "\${tokens[position]}"\`);
  if (!Number.isFinite(value)) fail('The result is too large to represent');
  // Round away binary noise (0.1 + 0.2 = 0.30000000000000004) without hiding real digits.
  return Number(value.toPrecision(15));
}
`,
};
