import { NoticeBar } from './NoticeBar.tsx';
import { useShellStore } from '../../store-context.tsx';

export function NoticeContainer() {
  const notices = useShellStore((state) => state.notices);
  const dismissNotice = useShellStore((state) => state.dismissNotice);
  return <NoticeBar notices={notices} onDismiss={dismissNotice} />;
}
