// Toast kinds and durations (spec point 9).
export const TOAST_TYPES = ["blank", "error", "success", "loading", "custom"] as const;
export type ToastType = (typeof TOAST_TYPES)[number];

export interface ToastMessage {
  type: ToastType;
  message: string;
}

export const TOAST_DURATION_MS: Record<ToastType, number> = {
  blank: 4000,
  error: 4000,
  custom: 4000,
  success: 2000,
  loading: Number.POSITIVE_INFINITY,
};

export const TOAST_LIMIT = 20;
export const TOAST_GAP = 8;
export const TOAST_MAX_WIDTH = 350;
// Toasts start below the sticky header (64 px and its border), never over the navigation.
export const TOAST_TOP_OFFSET = 76;
