// @ts-check
// The typed contract of what the kernel syncs to the page: the shapes the Python side declares
// in src/cardtable/contract.py (TypedDicts), for the front end. Cards are wire codes ("TH").

/** @typedef {string} Code a wire code: rank A 2-9 T J Q K and suit S H D C, or "JK" */

/**
 * @typedef {{ card: Code | null, face_up: boolean }} TableauSlot
 * @typedef {{ type: "play" | "draw" | "bonus" | "clear" | "deal" | "won", position?: number,
 *   card?: Code, run?: number, points?: number, reason?: string, rule?: string,
 *   round?: number, waste?: Code, score?: number }} TriPeaksEvent
 * @typedef {{ game: "tripeaks", tableau: (TableauSlot | null)[], waste: Code,
 *   waste_count: number, stock_count: number, score: number, run: number, round: number,
 *   scoring: string, progressive: boolean, legal: (number | "draw")[], won: boolean,
 *   over: boolean, moves: number, can_undo: boolean, can_redo: boolean,
 *   last: TriPeaksEvent[] }} TriPeaksView
 */

/**
 * @typedef {{ cards: Code[], played: boolean[], top: Code, counting: Code,
 *   counting_index: number, closed: boolean, turned: boolean }} RowView
 * @typedef {{ card: Code, to: number }} Gift
 * @typedef {{ offset: "self" | "right-hand neighbour" | "opposite", seat: number }} StoeptegelFor
 * @typedef {{ owner: number, giver: number, card: Code, fits: number[],
 *   laid?: number | null }} RevealedStoeptegel
 * @typedef {{ seat: number, laid: [Code, number][], card_points: number,
 *   stoeptegel_point: number, total: number }} RoundBreakdown
 * @typedef {{ round: number, reason: "passes" | "out" | "target", rule: string,
 *   out_seat: number | null, winner: number | null, stoeptegels: RevealedStoeptegel[],
 *   breakdown: RoundBreakdown[], rows: RowView[] }} Reveal
 * @typedef {{ type: string, round?: number, seat?: number, card?: Code, row?: number,
 *   rule?: string, hand?: Code[], hand_counts?: number[], rows?: number[], points?: number,
 *   score?: number, stoeptegel?: Code, from?: number,
 *   to?: number, replacement?: Code | null }} StoeptegelEvent
 */

/**
 * `Stoeptegel.view(seat)`.
 * @typedef {{ game: "stoeptegel", seat: number, players: number, round: number,
 *   phase: "choose" | "play" | "over", dealer: number, to_move: number | null, target: number,
 *   scores: number[], hand: Code[], playable: boolean[], legal: [Code, number][],
 *   hand_counts: number[], stoeptegel: Code | null, gave: Gift | null,
 *   stoeptegel_for: StoeptegelFor, stoeptegel_from: number, counting_rows: number[],
 *   would_score: Record<Code, (boolean | null)[]>, chosen: boolean, chosen_seats: boolean[],
 *   passed: boolean[], passes: number, rows: RowView[], stock_count: number,
 *   out_of_game: Code[], reveal: Reveal | null, winners: number[], over: boolean,
 *   events: StoeptegelEvent[], events_from: number,
 *   rules: Record<string, boolean | string> }} StoeptegelView
 */

/**
 * The table's sentences, written by Python (src/cardtable/stoeptegel/texts.py); a `{card}` in
 * a prompt is the card the player picked.
 * @typedef {{ for: string, prompt: { idle: string, picked: string },
 *   scoring?: string, winner?: string,
 *   round_over?: { title: string, headline: string, next: string }, house?: HouseTexts }} TableTexts
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
 * The sentences that never change, synced once (the widget's `notes` trait), with the house
 * rules' texts of the game at the table (a widget's; a served seat's come in its view).
 * @typedef {{ rows: { turned: string, closed: string, counting: string, see_through: string,
 *   inert: string }, scoring: string, words?: Words, house?: HouseTexts }} TableNotes
 * @typedef {Record<string, import("./words.js").Word>} Words
 */

/**
 * A seat's view as the Stoeptegel table syncs it (src/cardtable/stoeptegel/session.py and
 * log.py): `Stoeptegel.view(seat)` with log lines from `events_from` on (the round's log starts
 * at `log_from`) and the table's sentences.
 * @typedef {Omit<StoeptegelView, "events"> & { events: (StoeptegelEvent & LogLine)[],
 *   log_from: number, texts: TableTexts }} StoeptegelTableView
 * @typedef {import("./journal.js").LogLine} LogLine
 */

/**
 * Hot seat: whom the screen must be passed to, with the panel's sentences; else `{}`.
 * @typedef {{ seat: number, name: string, title: string, text: string, ready: string }} Handover
 */

/**
 * The part of anywidget's model a table uses, over its synced traits `T` (name → value): a
 * trait read by a wrong name, or a field of it misspelt, is a type error.
 * @template {object} T
 * @typedef {{ get<K extends keyof T & string>(name: K): T[K], send(content: object): void,
 *   on(event: string, callback: (...args: any[]) => void): void,
 *   off(event: string, callback: (...args: any[]) => void): void }} Model
 */

/**
 * What anywidget hands a table's `render` (`signal` since anywidget 0.11).
 * @template {object} T
 * @typedef {{ model: Model<T>, el: HTMLElement, signal?: AbortSignal }} RenderProps
 */

/** @typedef {[rule: string, sentence: string]} HelpLine one rule in the player's words */

/**
 * The traits every table syncs (src/cardtable/widgets/base.py; `exercise` only on an
 * exercise's table, src/cardtable/widgets/exercise.py).
 * The settings panel (src/cardtable/settings.py), on the live tables only.
 * @typedef {{ message: { text?: string, kind?: string, id?: number }, version: number,
 *   four_color: boolean, exercise?: import("./exercise.js").Exercise,
 *   settings?: import("./settings.js").Offered, lang?: string, notes: { help?: HelpLine[], words?: Words } }} TableTraits
 */

/**
 * The Tri-Peaks table's traits (src/cardtable/widgets/tripeaks.py); `analysis` and `ending`
 * are empty until the game is over.
 * @typedef {TableTraits & { view: TriPeaksView, hint: number | "draw" | null,
 *   analysis: { pending?: boolean, winnable?: boolean, best_score?: number, text: string } | null,
 *   geometry: { x: number[], row: number[] }, ending: { title: string, score: string, deal: string },
 *   notes: { help: HelpLine[], undo_closed: string, hint: { play: string, draw: string },
 *     tableau: string, words?: Words },
 *   deal: string, said: string, show_positions: boolean, stats: { text?: string },
 *   review: TriPeaksReview }} TriPeaksTraits
 */

/**
 * A finished Tri-Peaks game's review (src/cardtable/tripeaks/review_view.py): empty until
 * asked for, `pending` while the solver weighs the moves, then one step per move (the table
 * before it, from the engine's view).
 * @typedef {{ tableau: (TableauSlot | null)[], waste: Code, stock_count: number, score: number,
 *   round: number, played: number | "draw", better: number | "draw" | null, loss: number,
 *   text: string }} TriPeaksStep
 * @typedef {{ pending?: boolean, text?: string, steps?: TriPeaksStep[], mistake?: number | null }} TriPeaksReview
 */

/**
 * A seat's review of a Stoeptegel round (src/cardtable/stoeptegel/review_view.py): `done` of
 * `total` decisions weighed while `pending`, then one step per decision, from its own views.
 * @typedef {{ rows: { cards: Code[] }[], hand: Code[], stoeptegel: Code | null, scores: number[],
 *   did: string, played: Code | null, best: string | null, better: Code | null, loss: number,
 *   flagged: boolean, text: string }} StoeptegelStep
 * @typedef {{ pending?: boolean, done?: number, total?: number, text?: string, seat?: number,
 *   round?: number, steps?: StoeptegelStep[], mistakes?: number[] }} StoeptegelReview
 */

/**
 * The Stoeptegel table's traits (src/cardtable/widgets/screen.py): `view` and `handover` are
 * empty (`{}`) while the hand-over screen shows, or when there is none.
 * @typedef {TableTraits & { view: StoeptegelTableView, reasons: Record<Code, (string | null)[]>,
 *   names: string[], humans: number[], handover: Handover,
 *   notes: TableNotes & { help?: HelpLine[] }, review?: StoeptegelReview }} StoeptegelTraits
 */

/**
 * The view a Stoeptegel table draws: the synced one with the round's whole log (js/journal.js)
 * and the row notes the house rules in force make true.
 * @typedef {StoeptegelTableView & { notes: TableNotes }} DrawnView
 */

export {};
