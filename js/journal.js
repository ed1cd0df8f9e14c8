// @ts-check
// The game log as the page keeps it: the kernel sends only the lines the page lacks.

/**
 * One line of the log: an engine event with its sentence (written by Python).
 * @typedef {{ type: string, text: string, seat?: number, headline?: string, badge?: string }} LogLine
 */

/**
 * The part of a synced Stoeptegel view the journal reads.
 * @typedef {{ seat: number, log_from: number, events_from: number, events: LogLine[] }} LogPart
 */

/**
 * What the page has of this round's log: for which seat, from which event index, the lines.
 * @typedef {{ seat: number | null, from: number, events: LogLine[] }} Journal
 */

/** @returns {Journal} an empty journal. */
export function emptyJournal() {
  return { seat: null, from: 0, events: [] };
}

/**
 * Take in a view's new lines. A view for another seat or another round starts a new journal;
 * lines from `events_from` on replace what the page had there (a line that changed is sent
 * again). If the view starts past what the page has (a fresh page, a second view of the same
 * table), the page must ask for the whole log: `missing` is then true and nothing changes.
 * @param {Journal} journal
 * @param {LogPart} view
 * @returns {{ journal: Journal, missing: boolean }}
 */
export function takeIn(journal, view) {
  const current = journal.seat === view.seat && journal.from === view.log_from
    ? journal
    : { seat: view.seat, from: view.log_from, events: [] };
  const at = view.events_from - view.log_from;
  if (at > current.events.length) return { journal: current, missing: true };
  const events = current.events.slice(0, at).concat(view.events || []);
  return { journal: { ...current, events }, missing: false };
}
