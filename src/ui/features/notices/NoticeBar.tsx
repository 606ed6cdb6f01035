import { useEffect } from 'react';
import type { Notice } from '../../../store/ui-slice.ts';

interface NoticeBarProps {
  notices: Notice[];
  onDismiss(id: number): void;
}

/** Info notices fade on their own (later when they offer an action such as Undo); warnings and errors stay. */
const AUTO_DISMISS_MS = { plain: 5_000, withAction: 10_000 };

function NoticeItem({ notice, onDismiss }: { notice: Notice; onDismiss(id: number): void }) {
  useEffect(() => {
    if (notice.level !== 'info') return;
    const timer = setTimeout(() => onDismiss(notice.id), notice.action ? AUTO_DISMISS_MS.withAction : AUTO_DISMISS_MS.plain);
    return () => clearTimeout(timer);
  }, [notice, onDismiss]);
  return (
    <div className={`notice notice-${notice.level}`} role={notice.level === 'info' ? 'status' : 'alert'}>
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
      <button type="button" aria-label="Dismiss" onClick={() => onDismiss(notice.id)}>
        ×
      </button>
    </div>
  );
}

/** Messages that must not be missed (a recovered save, a deleted tool with Undo). */
export function NoticeBar({ notices, onDismiss }: NoticeBarProps) {
  if (notices.length === 0) return null;
  return (
    <div className="notice-bar">
      {notices.map((notice) => (
        <NoticeItem key={notice.id} notice={notice} onDismiss={onDismiss} />
      ))}
    </div>
  );
}
