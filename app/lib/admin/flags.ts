/** Why a listing is flagged for the admins (never blocked): priced far under its estimate, a VIN another seller listed lately, a new account's burst. */
export const FLAG_REASONS = ["under_priced", "vin_reused", "new_account_burst"] as const;
export type FlagReason = (typeof FLAG_REASONS)[number];
