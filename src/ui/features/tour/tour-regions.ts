// Where on the page a tour chapter's regions and controls are: the workbench regions by their headings
// (PanelFrame labels each <section> by a heading whose id comes from its title), the conversation's
// transcript, and a chapter's controls by role and accessible name inside their region.
import type { TourAction, TourCardRoom, TourTarget } from '../../../tour/index.ts';

export const tourRegionSelector = (target: TourTarget): string =>
  `section[aria-labelledby="panel-${target.toLowerCase().replace(/\W+/g, '-')}"]`;

/** The region a card may sit over (the conversation's messages: its transcript and the message box under it). */
export const cardRoomSelector = (room: TourCardRoom): string => {
  const conversation = tourRegionSelector('Conversation');
  return room === 'Conversation messages'
    ? `${conversation} [aria-label="Transcript"], ${conversation} form.composer`
    : tourRegionSelector(room);
};

const accessibleName = (element: Element): string => (element.getAttribute('aria-label') ?? element.textContent ?? '').trim();

/** The control a try-it step asks for, when it is on the page (a Rollback button exists only once v2 does). */
export function findAction(action: TourAction): Element | null {
  const region = document.querySelector(tourRegionSelector(action.region));
  const candidates = region?.querySelectorAll(action.role === 'tab' ? '[role="tab"]' : 'button') ?? [];
  return [...candidates].find((element) => accessibleName(element) === action.name) ?? null;
}
