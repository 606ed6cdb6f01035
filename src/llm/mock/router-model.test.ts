import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { JsonSchemaObject, ToolDefinition } from '../../core/index.ts';
import type { ChatMessage } from '../model-types.ts';
import { buildArguments } from './argument-builder.ts';
import { createRouterModel } from './router-model.ts';
import { selectTools } from './tool-matching.ts';

function tool(name: string, description: string, schema: z.ZodObject): ToolDefinition {
  return { name, description, parameters: z.toJSONSchema(schema) as JsonSchemaObject };
}

const getWeather = tool(
  'get_weather',
  'Current weather for a city',
  z.object({
    city: z.string().describe('City name'),
    units: z.enum(['celsius', 'fahrenheit']).default('celsius'),
    days: z.number().int().min(1).max(7).optional(),
  }),
);
const searchWeb = tool(
  'search_web',
  'Search the web for pages about a topic',
  z.object({ query: z.string().min(1), limit: z.number().int().min(1).max(20).default(5) }),
);
const sendEmail = tool(
  'send_email',
  'Send an email message to someone',
  z.object({ to: z.email(), subject: z.string(), urgent: z.boolean().optional() }),
);
const tools = [getWeather, searchWeb, sendEmail];

const ask = (content: string): ChatMessage[] => [{ role: 'user', content }];

describe('tool selection', () => {
  it('routes by word overlap with names and descriptions', () => {
    expect(selectTools('What is the weather in Paris?', tools).map((entry) => entry.name)).toEqual(['get_weather']);
    expect(selectTools('search for llama facts', tools).map((entry) => entry.name)).toEqual(['search_web']);
    expect(selectTools('Hello there', tools)).toEqual([]);
  });

  it('meets a verb and the tool named after it: "calculate" finds calculator, with the arithmetic as its argument', () => {
    const calculator = tool('calculator', 'Evaluate an arithmetic expression', z.object({ expression: z.string() }));
    expect(selectTools('Calculate (2 + 3) * 4', [...tools, calculator]).map((entry) => entry.name)).toEqual(['calculator']);
    // And the arithmetic written out is the argument, not the capitalised verb that opens the sentence.
    expect(buildArguments(calculator.parameters, 'Calculate (2 + 3) * 4')).toEqual([{ expression: '(2 + 3) * 4' }]);
    expect(buildArguments(calculator.parameters, 'What is 1250*0.04 please?')).toEqual([{ expression: '1250*0.04' }]);
  });
});

describe('buildArguments', () => {
  it('fills required fields from the message and leaves unmentioned optional ones out', () => {
    expect(buildArguments(getWeather.parameters, 'What is the weather in Paris?')).toEqual([{ city: 'Paris', units: 'celsius' }]);
  });

  it('picks the enum value the message mentions and a number for an optional field it names', () => {
    expect(buildArguments(getWeather.parameters, 'Weather in Oslo in fahrenheit for 3 days')).toEqual([
      { city: 'Oslo', units: 'fahrenheit', days: 3 },
    ]);
  });

  it('fans out over several named things, for parallel calls', () => {
    expect(buildArguments(getWeather.parameters, 'Compare the weather in Paris and New York')).toEqual([
      { city: 'Paris', units: 'celsius' },
      { city: 'New York', units: 'celsius' },
    ]);
  });

  it('uses quoted text, formats, defaults and the topic words', () => {
    expect(buildArguments(searchWeb.parameters, 'search the web for llama wool prices')).toEqual([
      { query: 'llama wool prices', limit: 5 },
    ]);
    expect(buildArguments(sendEmail.parameters, 'send an email to ada@example.com with subject "Lunch?"')).toEqual([
      { to: 'ada@example.com', subject: 'Lunch?' },
    ]);
  });
});

describe('createRouterModel', () => {
  it('calls the picked tools, then answers from their results', async () => {
    const model = createRouterModel({ seed: 3 });
    const first = await model.generate({ messages: ask('Compare the weather in Paris and London'), tools });
    expect(first.finishReason).toBe('tool_calls');
    expect(first.toolCalls.map((call) => JSON.parse(call.arguments) as unknown)).toEqual([
      { city: 'Paris', units: 'celsius' },
      { city: 'London', units: 'celsius' },
    ]);
    const history: ChatMessage[] = [
      ...ask('Compare the weather in Paris and London'),
      { role: 'assistant', content: first.content, toolCalls: first.toolCalls },
      { role: 'tool', toolCallId: first.toolCalls[0]?.id ?? '', name: 'get_weather', content: '{"temperature":21}' },
      {
        role: 'tool',
        toolCallId: first.toolCalls[1]?.id ?? '',
        name: 'get_weather',
        content: '{"error":"Timed out after 2000 ms"}',
        isError: true,
      },
    ];
    const second = await model.generate({ messages: history, tools });
    expect(second.toolCalls).toEqual([]);
    expect(second.content).toBe(
      'Here is a partial answer: 1 of 2 calls failed.\n' +
        '- get_weather: Paris: 21°\n' +
        '- get_weather for London failed with execution_error: Timed out after 2000 ms\n' +
        'Next: that error will not go away on a retry: I need you (or the tool’s owner) to look at it.',
    );
  });

  it('is deterministic for a seed and differs across seeds', async () => {
    const ids = async (seed: number): Promise<string[]> =>
      (await createRouterModel({ seed }).generate({ messages: ask('weather in Rome'), tools })).toolCalls.map((call) => call.id);
    expect(await ids(9)).toEqual(await ids(9));
    expect(await ids(9)).not.toEqual(await ids(10));
  });

  it('answers in text when no tool fits', async () => {
    const result = await createRouterModel().generate({ messages: ask('Hello there'), tools });
    expect(result).toMatchObject({ toolCalls: [], finishReason: 'stop' });
    expect(result.content).toContain('get_weather, search_web, send_email');
  });
});

describe('buildArguments honours what the schema says', () => {
  const convertCurrency = tool(
    'convert_currency',
    'Convert an amount of money from one currency to another',
    z.object({
      amount: z.number().positive(),
      from: z.enum(['EUR', 'USD', 'GBP', 'JPY']),
      to: z.enum(['EUR', 'USD', 'GBP', 'JPY']),
      reference: z.string().regex(/^TX-\d{6}$/),
    }),
  );

  it('gives two enum fields the two values the request names, and a reference that matches its pattern', () => {
    const [built] = buildArguments(convertCurrency.parameters, 'Convert 100 USD to EUR');
    expect(built).toMatchObject({ amount: 100, from: 'USD', to: 'EUR' });
    expect(String(built?.reference)).toMatch(/^TX-\d{6}$/);
    // The words before the values decide, whatever order the request names them in.
    expect(buildArguments(convertCurrency.parameters, 'to GBP from JPY, 5000 of them')[0]).toMatchObject({ from: 'JPY', to: 'GBP' });
  });

  it('gives a second enum field another value when the request names only one', () => {
    const [built] = buildArguments(convertCurrency.parameters, 'How much is 20 EUR?');
    expect(built?.from).toBe('EUR');
    expect(built?.to).not.toBe('EUR');
  });

  it('keeps numbers inside the range (exclusive bounds, steps) and takes values in the format from the message', () => {
    const booking = tool(
      'book_room',
      'Book a meeting room',
      z.object({
        guests: z.number().int().gt(0).lt(20),
        minutes: z.number().int().multipleOf(15),
        day: z.iso.date(),
        organiser: z.email(),
        booking_id: z.uuid(),
      }),
    );
    const [built] = buildArguments(booking.parameters, 'Book a room for 40 guests, 50 minutes on 2026-03-02 for ada@example.com');
    expect(built).toMatchObject({ guests: 19, minutes: 45, day: '2026-03-02', organiser: 'ada@example.com' });
    expect(String(built?.booking_id)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-/);
    // Digits inside a word ("Q3", "P-1001") are no numbers.
    expect(buildArguments(booking.parameters, 'Book the Q3 review room')[0]?.guests).not.toBe(3);
  });
});
