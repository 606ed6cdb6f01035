import { NoticeBar } from './NoticeBar.tsx';
import { useAppStore } from '../../store-context.tsx';

export function NoticeContainer() {
  const notices = useAppStore((state) => state.notices);
  const dismissNotice = useAppStore((state) => state.dismissNotice);
  return <NoticeBar notices={notices} onDismiss={dismissNotice} />;
}
