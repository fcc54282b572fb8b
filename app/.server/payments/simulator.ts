import { and, asc, eq, gte } from "drizzle-orm";
import { PATHS } from "~/lib/shared/paths";
import { type Database } from "../db/client";
import { payoutAccounts, simulatedIntents, simulatedMovements } from "../db/schema";
import { type CreateIntentInput, type Movement, type PaymentIntent, type PaymentProvider, PaymentProviderError } from "./provider";

export const SIMULATOR_CARDS = {
  success: "4242424242424242",
  declined: "4000000000000002",
} as const;

function toIntent(row: typeof simulatedIntents.$inferSelect): PaymentIntent {
  return {
    id: row.id,
    status: row.status,
    amount: row.amount,
    currency: row.currency,
    metadata: row.metadata,
    clientSecret: row.clientSecret,
  };
}

const randomId = (prefix: string) => `${prefix}_sim_${crypto.randomUUID().replaceAll("-", "")}`;
const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

type MovementRow = typeof simulatedMovements.$inferSelect;
const toMovement = (row: MovementRow): Movement => ({ id: row.id, amount: row.amount, metadata: row.metadata });

/**
 * A stand-in for Stripe that keeps its intents and money movements in our database, for offline
 * development and tests. Its connected accounts are the payout_accounts rows themselves. Like
 * Stripe, a key gives back what its first call made, and a refund or reversal never exceeds what is left.
 */
export function simulatorProvider(db: Database): PaymentProvider {
  const movementsOf = (kind: MovementRow["kind"], parentId: string) =>
    db
      .select()
      .from(simulatedMovements)
      .where(and(eq(simulatedMovements.kind, kind), eq(simulatedMovements.parentId, parentId)))
      .orderBy(asc(simulatedMovements.createdAt));

  /** The movement this key made, or a new one when `left` allows it. */
  async function moveOnce(values: Omit<typeof simulatedMovements.$inferInsert, "id">, prefix: string, left: number): Promise<Movement> {
    const [made] = await db.select().from(simulatedMovements).where(eq(simulatedMovements.idempotencyKey, values.idempotencyKey)).limit(1);
    if (made) return toMovement(made);
    if (values.amount < 1 || values.amount > left)
      throw new PaymentProviderError(`The amount (${values.amount}) is more than is left (${left})`);
    await db
      .insert(simulatedMovements)
      .values({ id: randomId(prefix), ...values, createdAt: new Date().toISOString() })
      .onConflictDoNothing({ target: simulatedMovements.idempotencyKey });
    const [row] = await db.select().from(simulatedMovements).where(eq(simulatedMovements.idempotencyKey, values.idempotencyKey)).limit(1);
    return toMovement(row);
  }
  const total = (rows: MovementRow[]) => rows.reduce((sum, row) => sum + row.amount, 0);

  return {
    kind: "simulator",
    async createIntent(input: CreateIntentInput) {
      const id = randomId("pi");
      await db
        .insert(simulatedIntents)
        .values({
          id,
          clientSecret: `${id}_secret_${crypto.randomUUID().replaceAll("-", "")}`,
          idempotencyKey: input.idempotencyKey,
          amount: input.amount,
          currency: input.currency,
          metadata: input.metadata,
          status: "requires_payment_method",
        })
        .onConflictDoNothing({ target: simulatedIntents.idempotencyKey });
      // Like Stripe's idempotency keys: the same key gives back the same intent.
      const [row] = await db.select().from(simulatedIntents).where(eq(simulatedIntents.idempotencyKey, input.idempotencyKey)).limit(1);
      return toIntent(row);
    },
    async retrieveIntent(id) {
      const [row] = await db.select().from(simulatedIntents).where(eq(simulatedIntents.id, id)).limit(1);
      return row ? toIntent(row) : null;
    },
    async chargeState(intentId) {
      return { refunds: (await movementsOf("refund", intentId)).map(toMovement), disputeId: null };
    },
    async refund({ intentId, amount, metadata, idempotencyKey }) {
      const [intent] = await db.select().from(simulatedIntents).where(eq(simulatedIntents.id, intentId)).limit(1);
      if (intent?.status !== "succeeded")
        throw new PaymentProviderError(`This PaymentIntent (${intentId}) has no successful charge to refund`);
      const left = intent.amount - total(await movementsOf("refund", intentId));
      return moveOnce({ kind: "refund", idempotencyKey, amount, parentId: intentId, metadata }, "re", left);
    },
    async createPayoutAccount({ idempotencyKey }) {
      return { id: `acct_sim_${idempotencyKey.replace(/[^a-z0-9]/gi, "")}`, payoutsEnabled: false };
    },
    async payoutAccountLink(accountId, { returnUrl }) {
      // The local page on which one click makes the seller's account ready.
      const link = new URL(PATHS.payoutsSimulator, returnUrl);
      link.searchParams.set("account", accountId);
      return link.toString();
    },
    async retrievePayoutAccount(accountId) {
      const [row] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.accountId, accountId)).limit(1);
      return { id: accountId, payoutsEnabled: row?.payoutsEnabled ?? false };
    },
    async transfer(input) {
      const [account] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.accountId, input.destination)).limit(1);
      if (!account?.payoutsEnabled) throw new PaymentProviderError(`No such destination: '${input.destination}'`);
      return moveOnce(
        {
          kind: "transfer",
          idempotencyKey: input.idempotencyKey,
          amount: input.amount,
          destination: input.destination,
          transferGroup: input.transferGroup,
          metadata: input.metadata,
        },
        "tr",
        input.amount,
      );
    },
    async transfersInGroup(transferGroup) {
      const rows = await db
        .select()
        .from(simulatedMovements)
        .where(and(eq(simulatedMovements.kind, "transfer"), eq(simulatedMovements.transferGroup, transferGroup)));
      return rows.map(toMovement);
    },
    async reverseTransfer({ transferId, amount, metadata, idempotencyKey }) {
      const [transfer] = await db.select().from(simulatedMovements).where(eq(simulatedMovements.id, transferId)).limit(1);
      if (transfer?.kind !== "transfer") throw new PaymentProviderError(`No such transfer: '${transferId}'`);
      const left = transfer.amount - total(await movementsOf("transfer_reversal", transferId));
      return moveOnce({ kind: "transfer_reversal", idempotencyKey, amount, parentId: transferId, metadata }, "trr", left);
    },
    async reversalsOf(transferId) {
      return (await movementsOf("transfer_reversal", transferId)).map(toMovement);
    },
    async objectsSince(since) {
      const after = new Date(since * 1000).toISOString();
      const [intents, movements] = await Promise.all([
        db
          .select()
          .from(simulatedIntents)
          .where(and(eq(simulatedIntents.status, "succeeded"), gte(simulatedIntents.createdAt, after))),
        db.select().from(simulatedMovements).where(gte(simulatedMovements.createdAt, after)),
      ]);
      return [
        ...intents.map((intent) => ({
          kind: "charge" as const,
          id: intent.id,
          amount: intent.amount,
          parentId: intent.id,
          metadata: intent.metadata,
          created: seconds(intent.createdAt),
        })),
        ...movements.map((row) => ({
          kind: row.kind,
          id: row.id,
          amount: row.amount,
          parentId: row.parentId,
          metadata: row.metadata,
          created: seconds(row.createdAt),
        })),
      ];
    },
  };
}

export interface SimulatedCard {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export type CardCheck = { ok: true } | { ok: false; message: string };

/** Basic card checks the simulator makes before "charging": shape, Luhn and expiry. */
export function checkCard(card: SimulatedCard, now: Date): CardCheck {
  const number = card.number.replace(/\s+/g, "");
  if (!/^\d{12,19}$/.test(number) || !luhn(number)) return { ok: false, message: "Your card number is invalid." };
  if (!/^\d{3,4}$/.test(card.cvc)) return { ok: false, message: "Your card's security code is invalid." };
  const year = card.expYear >= 0 && card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  if (!Number.isInteger(card.expMonth) || card.expMonth < 1 || card.expMonth > 12)
    return { ok: false, message: "Your card's expiration month is invalid." };
  // No card lives a century; a year beyond that is a typo (and breaks date maths).
  if (!Number.isInteger(year) || year > now.getUTCFullYear() + 100)
    return { ok: false, message: "Your card's expiration year is invalid." };
  const endOfMonth = Date.UTC(year, card.expMonth, 1);
  if (endOfMonth <= now.getTime()) return { ok: false, message: "Your card has expired." };
  return { ok: true };
}

function luhn(number: string): boolean {
  let sum = 0;
  for (let index = 0; index < number.length; index++) {
    let digit = Number(number[number.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * "Charges" a simulated intent with a test card: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002
 * is declined. Returns the intent as it now is and the decline message, if any.
 */
export async function confirmSimulatedIntent(db: Database, clientSecret: string, card: SimulatedCard) {
  const [row] = await db.select().from(simulatedIntents).where(eq(simulatedIntents.clientSecret, clientSecret)).limit(1);
  if (!row) return null;
  if (row.status === "succeeded") return { intent: toIntent(row), error: null };
  const declined = card.number.replace(/\s+/g, "") !== SIMULATOR_CARDS.success;
  const status = declined ? "requires_payment_method" : "succeeded";
  await db.update(simulatedIntents).set({ status }).where(eq(simulatedIntents.id, row.id));
  return { intent: { ...toIntent(row), status }, error: declined ? { message: "Your card was declined." } : null };
}
