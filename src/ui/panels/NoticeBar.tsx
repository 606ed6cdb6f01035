import type { Notice } from '../../store/ui-slice.ts';

interface NoticeBarProps {
  notices: Notice[];
  onDismiss(id: number): void;
}

/** Messages that must not be missed (a recovered save, a deleted tool with Undo), until dismissed. */
export function NoticeBar({ notices, onDismiss }: NoticeBarProps) {
  if (notices.length === 0) return null;
  return (
    <div className="notice-bar">
      {notices.map((notice) => (
        <div key={notice.id} className={`notice notice-${notice.level}`} role={notice.level === 'info' ? 'status' : 'alert'}>
          <span>{notice.message}</span>
          {notice.action && (
            <button
              type="button"
              onClick={() => {
                notice.action?.run();
                onDismiss(notice.id);
              }}
            >
              {notice.action.label}
            </button>
          )}
          <button type="button" aria-label="Dismiss" onClick={() => onDismiss(notice.id)}>×</button>
        </div>
      ))}
    </div>
  );
}
