// @ts-check
// The typed contract of what the kernel syncs to the page: the shapes the Python side declares
// in src/cardtable/contract.py (TypedDicts), for the front end. Cards are wire codes ("TH").

/** @typedef {string} Code a wire code: rank A 2-9 T J Q K and suit S H D C, or "JK" */

/**
 * @typedef {{ card: Code | null, face_up: boolean }} TableauSlot
 * @typedef {{ type: string, position?: number, card?: Code, run?: number, points?: number,
 *   reason?: string, rule?: string }} TriPeaksEvent
 * @typedef {{ game: "tripeaks", tableau: (TableauSlot | null)[], waste: Code,
 *   waste_count: number, stock_count: number, score: number, run: number, round: number,
 *   scoring: string, progressive: boolean, legal: (number | "draw")[], won: boolean,
 *   over: boolean, moves: number, can_undo: boolean, can_redo: boolean,
 *   last: TriPeaksEvent[] }} TriPeaksView
 */

/**
 * @typedef {{ cards: Code[], played: boolean[], top: Code, counting: Code,
 *   counting_index: number, closed: boolean, turned: boolean }} RowView
 * @typedef {{ owner: number, giver: number, card: Code, fits: number[] }} RevealedStoeptegel
 * @typedef {{ seat: number, laid: [Code, number][], card_points: number,
 *   stoeptegel_point: number, total: number }} RoundBreakdown
 * @typedef {{ round: number, reason: "passes" | "out" | "target", rule: string,
 *   out_seat: number | null, winner: number | null, stoeptegels: RevealedStoeptegel[],
 *   breakdown: RoundBreakdown[], rows: RowView[] }} Reveal
 * @typedef {import("./journal.js").LogLine & { round?: number, card?: Code, row?: number,
 *   rule?: string, points?: number, stoeptegel?: Code, rows?: number[] }} StoeptegelEvent
 */

/**
 * The table's sentences, written by Python (src/cardtable/stoeptegel/texts.py); a `{card}` in
 * a prompt is the card the player picked.
 * @typedef {{ for: string, prompt: { idle: string, picked: string },
 *   scoring?: string, winner?: string,
 *   round_over?: { title: string, headline: string, next: string }, house: HouseTexts }} TableTexts
 */

/**
 * The house rules in force (Part C), written by Python: one line per reading with the Dutch
 * words it reads, the row notes they change, and the tag shown when any differs from Part B.
 * @typedef {{ title: string, intro: string, notes: Record<string, string>,
 *   lines: { field: string, rule: string, setting: string, text: string, dutch: string,
 *     changed: boolean }[], tag?: { label: string, title: string },
 *   superseded: string[], superseded_note: string }} HouseTexts
 */

/**
 * The sentences that never change, synced once (the widget's `notes` trait).
 * @typedef {{ rows: { turned: string, closed: string, counting: string, see_through: string,
 *   inert: string }, scoring: string }} TableNotes
 */

/**
 * A seat's view as the Stoeptegel table syncs it: `Stoeptegel.view(seat)` with log lines from
 * `events_from` on (the round's log starts at `log_from`) and the table's sentences.
 * @typedef {{ game: "stoeptegel", seat: number, players: number, round: number,
 *   phase: "choose" | "play" | "over", dealer: number, to_move: number | null, target: number,
 *   scores: number[], hand: Code[], playable: boolean[], legal: [Code, number][],
 *   hand_counts: number[], stoeptegel: Code | null, gave: { card: Code, to: number } | null,
 *   stoeptegel_for: { offset: "self" | "right-hand neighbour" | "opposite", seat: number },
 *   stoeptegel_from: number, counting_rows: number[],
 *   would_score: Record<Code, (boolean | null)[]>, chosen: boolean, chosen_seats: boolean[], passed: boolean[],
 *   passes: number, rows: RowView[], stock_count: number, out_of_game: Code[],
 *   reveal: Reveal | null, winners: number[], over: boolean, events: StoeptegelEvent[],
 *   events_from: number, log_from: number, texts: TableTexts,
 *   rules: Record<string, boolean | string> }} StoeptegelTableView
 */

/**
 * Hot seat: whom the screen must be passed to, with the panel's sentences; else `{}`.
 * @typedef {{ seat: number, name: string, title: string, text: string, ready: string }} Handover
 */

export {};
