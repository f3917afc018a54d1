/** Business constants of the subscription (spec §9). */
export const PLAN = {
  monthlyPriceUsd: 20,
  trialDays: 14,
} as const;
