// Where specs put the screenshots a person looks at after a run: test-results/ by default (ignored by
// git, kept by CI), or SCREENS_DIR to collect them somewhere else.
export const screens = process.env.SCREENS_DIR ?? 'test-results/screens';
