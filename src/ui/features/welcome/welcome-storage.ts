// Whether this browser has seen the welcome. Kept beside (not in) the workspace, like the tour's
// progress: importing or resetting a workspace does not greet the person again.

export const WELCOME_STORAGE_KEY = 'toolscope.welcome.v1';

export function welcomeSeen(): boolean {
  try {
    return window.localStorage.getItem(WELCOME_STORAGE_KEY) !== null;
  } catch {
    // Storage blocked: greeting on every visit would nag, so count it as seen.
    return true;
  }
}

export function rememberWelcomeSeen(): void {
  try {
    window.localStorage.setItem(WELCOME_STORAGE_KEY, 'seen');
  } catch {
    // Nothing to do: the welcome may show again next time.
  }
}
