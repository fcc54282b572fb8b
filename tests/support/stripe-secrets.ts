export const STRIPE_WEBHOOK_SECRET = "whsec_test_secret";
