// The contract's answers to writes count what changed; a service says whether its one thing changed.

/** `{ acknowledged, modifiedCount }`: 1 when the thing changed (the default, for writes that always change it or refuse), 0 when it already was so. */
export const updatedAnswer = (changed = true) => ({ acknowledged: true as const, modifiedCount: changed ? 1 : 0 });

/** `{ acknowledged, deletedCount }`: 1 when the thing went (the default), 0 when it was not there. */
export const deletedAnswer = (changed = true) => ({ acknowledged: true as const, deletedCount: changed ? 1 : 0 });
