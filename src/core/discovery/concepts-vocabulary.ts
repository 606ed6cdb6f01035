// Data only, kept apart from the logic in concepts.ts so that mutation testing can leave it out: a mutant
// here changes one word of the list, and a test per word would only assert the list against itself. The
// lists' effect is tested in word-lists.test.ts (a synonym ranks the tool it names).
/**
 * Words that count as one term. A lexical embedder only sees spelling, so without these "compute 17 * 23"
 * shares no word with a calculator that "evaluates an arithmetic expression", and "find articles" none
 * with a tool that "searches the web for pages". A model-based embedder learns such links; this short,
 * general list stands in for it in the offline default. Each group is everyday vocabulary for a common
 * kind of tool, never a tool's name. The first word of a group is the term the others become.
 */
export const defaultConceptGroups: readonly (readonly string[])[] = [
  ['calculate', 'calculator', 'compute', 'evaluate', 'arithmetic', 'math', 'maths', 'multiply', 'divide', 'subtract', 'sum'],
  ['search', 'find', 'browse', 'google'],
  ['page', 'article', 'website', 'webpage', 'site', 'blog'],
  ['email', 'mail', 'inbox'],
  ['weather', 'forecast', 'climate', 'rain', 'snow', 'sunny', 'windy'],
  ['user', 'customer', 'account', 'member', 'person', 'people'],
  ['currency', 'money', 'dollar', 'euro', 'pound', 'yen', 'forex'],
  ['inventory', 'stock', 'warehouse'],
  ['analyse', 'analyze', 'analysis', 'analytics'],
  ['job', 'task', 'chore'],
  ['city', 'town', 'place', 'location'],
];
