// What each chapter teaches, in one line: the tour's finish screen lists them. Kept apart from the chapter
// objects so a chapter's text and its summary can be edited without touching each other.
import type { TourChapter } from './tour-types.ts';

const lessons: Readonly<Record<string, string>> = {
  'naive-chain': 'An if-chain over tool names breaks five ways; an executor answers even an unknown tool with an error the model reads.',
  'four-duties': 'An executor validates, runs, catches and formats: business code only asks for a tool and gets a result back.',
  registration: 'A tool is one object; the JSON Schema the model sees is derived from its Zod schema, so they cannot drift.',
  'validation-errors': 'Bad arguments never reach the tool: invalid_arguments names the bad fields, and the model fixes its call.',
  'execution-errors': 'A throwing tool becomes an error result, so a batch never rejects and the agent loop goes on.',
  timeouts: 'Promise.race stops the waiting, not the work: an AbortSignal stops a cooperative tool, only a kill stops a stubborn one.',
  'parallel-calls':
    'Independent calls run together; all at once they overload a shared service (429s, retries), and a limit near its capacity is fastest with no errors.',
  retries: 'Transient failures are retried with backoff (and Retry-After), permanent ones and side effects are not.',
  'health-and-versions':
    'Discovery offers the few relevant tools, health takes broken ones out, a canary tries a new version on a share of traffic.',
  metrics: 'Latency percentiles, error and retry rates per tool show how an executor behaves in production.',
};

/** The chapter's one-line lesson; its title for a chapter that has none written yet. */
export const lessonOf = (chapter: TourChapter): string => lessons[chapter.id] ?? chapter.title;

/** Chapters with no lesson line written (a unit test keeps this empty). */
export const chaptersWithoutLesson = (chapters: readonly TourChapter[]): string[] =>
  chapters.filter((chapter) => lessons[chapter.id] === undefined).map((chapter) => chapter.id);
