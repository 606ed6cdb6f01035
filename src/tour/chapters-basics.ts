// Chapters 1-5: what an executor is for, and how it turns every failure into a value.
import { invalidArgumentsScenario } from '../samples/scenarios/invalid-arguments.ts';
import { sideEffectsScenario } from '../samples/scenarios/side-effects.ts';
import { unknownToolScenario } from '../samples/scenarios/unknown-tool.ts';
import { failedWith, openedAndShowing, scenarioRunEnded, someCall, testCallEnded } from './run-checks.ts';
import type { TourAction, TourCardRoom, TourChapter } from './tour-types.ts';

export const runScenario: TourAction = { region: 'Conversation', role: 'button', name: 'Run scenario' };
/** The editing row (tools, run settings, editor, test call): free while a chapter is about a run. */
export const editingRow: readonly TourCardRoom[] = ['Tools', 'Run settings', 'Editor', 'Test call'];

const naiveChain = `for (const call of toolCalls) {
  const args = JSON.parse(call.arguments);
  if (call.name === 'get_weather')
    results.push(await getWeather(args));
  else if (call.name === 'search_web')
    results.push(await searchWeb(args));
  // unknown name? nothing. A throw? all fails.
}`;

export const basicChapters: readonly TourChapter[] = [
  {
    id: 'naive-chain',
    title: 'The naive if-chain, and why it breaks',
    body: [
      "The first version of tool calling is usually an if-chain: look at the name, call the function. It works for a demo, and breaks in five ways: every new tool edits the chain; the model's arguments reach the function unchecked; one throwing tool takes down the request; a hanging tool hangs the user; and the schema the model sees drifts away from the code.",
      'Here the model asks for a tool that does not exist. Watch the executor answer with an unknown_tool error the model can read, and the model recover.',
    ],
    code: naiveChain,
    scenarioName: unknownToolScenario.name,
    target: 'Conversation',
    // The answer shows in the conversation, the unknown_tool row in the timeline's Calls table.
    stage: { layout: 'lesson-run', timelineTab: 'timeline' },
    actions: [runScenario],
    watch: ['Timeline'],
    cardRoom: editingRow,
    tryIt: {
      instruction: 'Load the scenario, then click Run scenario in the Conversation panel.',
      // The recovery is the model's part; the executor's part, checked here, is answering unknown_tool.
      check: (view) => scenarioRunEnded(view, unknownToolScenario.name) && someCall(view, failedWith('unknown_tool')),
    },
  },
  {
    id: 'four-duties',
    title: "The executor's four duties",
    body: [
      'Validate the arguments against the schema; run the tool; catch whatever goes wrong and turn it into something the model can read; format the result the same way every time.',
      'Business code only says "the model wants tool X with these arguments" and gets a result back. The Test call panel does exactly that for the selected tool, and shows what the model would read.',
    ],
    target: 'Test call',
    // Tall enough for the result and, under it, what is sent to the model.
    stage: { layout: 'lesson-test-call' },
    actions: [{ region: 'Test call', role: 'button', name: 'Run call' }],
    cardRoom: ['Conversation'],
    tryIt: {
      instruction: 'Click Run call in the Test call panel.',
      check: testCallEnded,
    },
  },
  {
    id: 'registration',
    title: 'Registration: schema and code in one object',
    body: [
      'Each tool is one object: its name and description, a Zod schema, and execute(input, ctx). The JSON Schema the model sees is derived from the Zod schema, so the two cannot drift apart.',
      'Adding a tool means writing one object and registering it; the executor never changes. Registering a name twice fails loudly.',
    ],
    target: 'Editor',
    stage: { layout: 'edit', editorTab: 'code' },
    actions: [{ region: 'Editor', role: 'tab', name: 'Definition' }],
    cardRoom: ['Conversation'],
    tryIt: {
      instruction: 'Open the Definition tab of the Editor to see what the model is sent.',
      check: (view) => openedAndShowing(view, 'editor', 'definition'),
    },
  },
  {
    id: 'validation-errors',
    title: 'Validation errors the model can fix',
    body: [
      'Arguments from a model are untrusted text. The executor checks them against the schema before the tool runs and, when they are wrong, answers with invalid_arguments and the paths of the bad fields.',
      'The model reads that message and corrects its call on the next turn. The tool never saw the bad input.',
    ],
    scenarioName: invalidArgumentsScenario.name,
    target: 'Conversation',
    stage: { layout: 'lesson-run', timelineTab: 'timeline' },
    actions: [runScenario],
    watch: ['Timeline'],
    cardRoom: editingRow,
    tryIt: {
      instruction: 'Load the scenario and run it; look for the invalid_arguments result, then the corrected call.',
      // Only the rejection is required: on a starved machine the corrected call may itself time out.
      check: (view) => scenarioRunEnded(view, invalidArgumentsScenario.name) && someCall(view, failedWith('invalid_arguments')),
    },
  },
  {
    id: 'execution-errors',
    title: 'Execution errors are values',
    body: [
      'When a tool throws, the executor catches it and returns status "error" with the message. Nothing rejects, so a parallel batch can use Promise.all safely and the agent loop goes on.',
      'In this scenario send_email fails with a 503. It has side effects, so it is not retried: its error goes straight back to the model, which carries on.',
    ],
    scenarioName: sideEffectsScenario.name,
    target: 'Timeline',
    stage: { layout: 'lesson-run', timelineTab: 'timeline' },
    actions: [runScenario],
    watch: ['Conversation'],
    cardRoom: editingRow,
    tryIt: {
      instruction: 'Load the scenario and run it; find the failed send_email call in the Calls table.',
      check: (view) =>
        scenarioRunEnded(view, sideEffectsScenario.name) && someCall(view, (call) => call.name === 'send_email' && call.status === 'error'),
    },
  },
];
