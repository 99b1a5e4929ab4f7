-- spec §1: one 30-day Pro trial per account, no card needed. trial_used_at records when the account
-- started it, so a second trial is refused even after plan_trial_ends_at is cleared by a paid plan.
ALTER TABLE users ADD COLUMN trial_used_at timestamptz;

-- Accounts that already had a trial (a Pro sign-up) have used it.
UPDATE users SET trial_used_at = created_at WHERE plan_trial_ends_at IS NOT NULL AND trial_used_at IS NULL;
