// The app's stylesheets, all loaded with the first paint and in one fixed order (the cascade depends
// on it): the features' own, then the shell's four. The workbench's panels arrive in a lazy chunk
// (lazy-features.tsx), but their styles are here, so a panel never re-flows the page when it mounts.
import '../features/tour/tour.css';
import '../features/step-mode/step-mode.css';
import '../features/timeline/timeline.css';
import '../features/inspector/inspector.css';
import '../features/versions/registry.css';
import '../features/runs/runs.css';
import '../features/faults/faults.css';
import '../features/mcp/mcp.css';
import './theme.css';
import './workbench.css';
import '../features/conversation/conversation.css';
import './modes.css';
