// The contract's answers to writes count what changed; a service says whether its one thing changed,
// or how many things did.

const counted = (changed: boolean | number) => (typeof changed === "number" ? changed : changed ? 1 : 0);

/** `{ acknowledged, insertedId }`: what a create answers (with 201, or 200 when it already was). */
export const insertedAnswer = (insertedId: string) => ({ acknowledged: true as const, insertedId });

/** `{ acknowledged, modifiedCount }`: 1 when the thing changed (the default, for writes that always change it or refuse), 0 when it already was so. */
export const updatedAnswer = (changed: boolean | number = true) => ({ acknowledged: true as const, modifiedCount: counted(changed) });

/** `{ acknowledged, deletedCount }`: 1 when the thing went (the default), 0 when it was not there. */
export const deletedAnswer = (changed: boolean | number = true) => ({ acknowledged: true as const, deletedCount: counted(changed) });
