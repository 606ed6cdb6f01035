// Monaco is megabytes of script, and a module graph is evaluated in one go: as one import it took one
// task of ~150 ms on a quiet 2-core machine and ~400 ms under load, during which the page drew no frame
// and answered no click (issue 28: a click on "Open shared workspace" in the first seconds waited for
// it). So it is imported in stages, each a graph of its own evaluated in its own task, the page free to
// draw and answer in between: the editor's core, then its contributions (find, folding, hovers, …), then
// the languages and the app's wrapper (CodeEditor.tsx, setup-monaco.ts), whose imports are by then done.
import type * as CodeEditorModule from './CodeEditor.tsx';

/** Lets the page draw a frame and handle input before the next stage. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

let loading: Promise<typeof CodeEditorModule> | null = null;

/** The code editor's module, with Monaco loaded and set up; imported once. */
export function loadCodeEditor(): Promise<typeof CodeEditorModule> {
  return (loading ??= (async () => {
    await import('monaco-editor/editor');
    await nextTask();
    await import('monaco-editor/features/register.all');
    await nextTask();
    return import('./CodeEditor.tsx');
  })());
}
