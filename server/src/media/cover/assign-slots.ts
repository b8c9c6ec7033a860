import { LABEL_SLOTS, type CoverSlotDef, type CoverStyle } from './styles.js';

/**
 * A text slot as a client sends it. Every field is optional: the style list shows no slot names
 * (its `slots` is always empty), so a client names slots as it likes, or not at all.
 */
export interface CoverSlotInput {
  name?: string;
  label?: string;
  value?: string;
  max_length?: number;
  min_length?: number;
}

/** Explicit slots that cannot be placed as sent. The message names the slot and says what to send. */
export class CoverSlotError extends Error {
  override readonly name = 'CoverSlotError';
}

export interface SlotAssignment {
  /** Text per text area (style slot name), only for the areas a client slot was placed in. */
  values: Record<string, string>;
  /** For each client slot, in request order: the area it was placed in, or null when it was dropped. */
  areas: (string | null)[];
}

/** Characters as the API counts them everywhere: Unicode code points. */
const length = (text: string): number => [...text].length;

/** Names compare without case, blanks, '_' or '-', and with full-width forms folded: "Item 1" = "item_1". */
const key = (text: string | undefined): string =>
  (text ?? '')
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s_-]+/g, '');

/**
 * The order in which unnamed (or unmatched) slots fill a style's areas: the text areas in reading
 * order (main text first), then the short labels (tag, topic, button). A client that sends a title
 * and a description without knowing the names gets them in the two most prominent areas.
 */
export function slotFillOrder(style: CoverStyle): CoverSlotDef[] {
  return [
    ...style.slots.filter((s) => !LABEL_SLOTS.has(s.name)),
    ...style.slots.filter((s) => LABEL_SLOTS.has(s.name)),
  ];
}

/** How well a client slot names an area: 0 name = name, 1 name = label, 2 label = name, 3 label = label. */
function matchRank(input: CoverSlotInput, area: CoverSlotDef): number | null {
  const pairs: [string, string][] = [
    [key(input.name), key(area.name)],
    [key(input.name), key(area.label)],
    [key(input.label), key(area.name)],
    [key(input.label), key(area.label)],
  ];
  const rank = pairs.findIndex(([a, b]) => a !== '' && a === b);
  return rank < 0 ? null : rank;
}

function bestArea(style: CoverStyle, input: CoverSlotInput): CoverSlotDef | null {
  let best: CoverSlotDef | null = null;
  let bestRank = Infinity;
  for (const area of style.slots) {
    const rank = matchRank(input, area);
    if (rank !== null && rank < bestRank) {
      best = area;
      bestRank = rank;
    }
  }
  return best;
}

/** How a slot is named in messages: its index, then its name or label as sent. */
export function describeSlot(input: CoverSlotInput, i: number): string {
  const said = input.name ? ` '${input.name}'` : input.label ? ` (label '${input.label}')` : '';
  return `slots[${i}]${said}`;
}

function areasOf(style: CoverStyle): string {
  return slotFillOrder(style)
    .map((s) => `${s.name} (${s.label})`)
    .join(', ');
}

/** A slot's own bounds: min_length ≤ length ≤ max_length, as the client declared them. */
function checkLengths(input: CoverSlotInput, i: number): void {
  const n = length(input.value ?? '');
  const { max_length: max, min_length: min } = input;
  if (max !== undefined && min !== undefined && min > max)
    throw new CoverSlotError(`${describeSlot(input, i)}: min_length ${min} is larger than max_length ${max}`);
  if (max !== undefined && n > max)
    throw new CoverSlotError(
      `${describeSlot(input, i)}: the value has ${n} characters, more than its max_length ${max}; shorten it or raise max_length`,
    );
  if (min !== undefined && n < min)
    throw new CoverSlotError(
      `${describeSlot(input, i)}: the value has ${n} characters, fewer than its min_length ${min}`,
    );
}

/**
 * Places explicit slots in a style's text areas. Pure.
 *
 * - A slot whose name or label equals an area's name or label (ignoring case, blanks, '_' and '-')
 *   goes there; name matches win over label matches. Two slots naming the same area are refused.
 * - Every other slot, in request order, takes the next free area in `slotFillOrder`.
 * - A slot left over once every area is taken is dropped when its value is empty, else refused: its
 *   text would not appear anywhere.
 * - Each slot's value must respect its own max_length and min_length (code points); a value is never
 *   cut or padded. The style's own limits do not apply: whether the text fits its area is checked
 *   on the laid-out cover (slotsCutToFit).
 *
 * Throws CoverSlotError.
 */
export function assignSlots(style: CoverStyle, slots: readonly CoverSlotInput[]): SlotAssignment {
  slots.forEach(checkLengths);
  const areas: (string | null)[] = slots.map(() => null);
  const takenBy = new Map<string, number>();
  slots.forEach((input, i) => {
    const area = bestArea(style, input);
    if (!area) return;
    const earlier = takenBy.get(area.name);
    if (earlier !== undefined)
      throw new CoverSlotError(
        `${describeSlot(input, i)} and ${describeSlot(slots[earlier] ?? {}, earlier)} both name the '${area.name}' text area; send one value per area`,
      );
    takenBy.set(area.name, i);
    areas[i] = area.name;
  });
  const free = slotFillOrder(style).filter((s) => !takenBy.has(s.name));
  slots.forEach((input, i) => {
    if (areas[i] !== null) return;
    const area = free.shift();
    if (area) {
      areas[i] = area.name;
      return;
    }
    if ((input.value ?? '').trim() !== '')
      throw new CoverSlotError(
        `${describeSlot(input, i)} has no text area left: style '${style.id}' has ${style.slots.length} (${areasOf(style)}); send at most that many slots with text`,
      );
  });
  const values: Record<string, string> = {};
  slots.forEach((input, i) => {
    const area = areas[i];
    if (area) values[area] = input.value ?? '';
  });
  return { values, areas };
}
