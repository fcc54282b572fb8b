import { type ToastMessage } from "~/lib/shared/toast";

// A tiny toast queue that every page can use. The toast library itself (sonner) is loaded only
// when the first toast is shown, so pages that never toast do not download it.

type Deliver = (toast: ToastMessage) => void;

let deliver: Deliver | null = null;
let pending: ToastMessage[] = [];
const waiting = new Set<() => void>();

export function showToast(toast: ToastMessage) {
  if (deliver) return deliver(toast);
  pending.push(toast);
  for (const wake of waiting) wake();
}

/** Called once the toast library is mounted: shows what was queued, then shows toasts at once. */
export function connectToaster(next: Deliver) {
  deliver = next;
  for (const toast of pending) next(toast);
  pending = [];
  return () => {
    deliver = null;
  };
}

/** Lets the host know when the first toast is asked for. */
export function whenToastRequested(wake: () => void) {
  if (pending.length > 0) wake();
  waiting.add(wake);
  return () => {
    waiting.delete(wake);
  };
}
