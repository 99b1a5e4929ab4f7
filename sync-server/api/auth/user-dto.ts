import { planCode, type UserDto } from '../../../schema/accounts/accounts.js';
import type { Timestamp, UserRow } from './users.repo.js';

export function isoTime(value: Timestamp): string {
  return new Date(value).toISOString();
}

/** The user as the client sees it (schema/accounts/accounts.ts userDto): never the hashes or codes. */
export function toUserDto(row: UserRow): UserDto {
  return {
    id: row.id,
    email: row.email,
    name: row.full_name,
    full_name: row.full_name,
    first_name: row.first_name,
    last_name: row.last_name,
    username: row.username,
    title: row.title,
    bio: row.bio,
    phone: row.phone,
    profileImage: row.avatar_url,
    isAdmin: row.is_admin,
    verified: row.verified,
    credits: row.credits,
    plan: planCode.parse(row.plan),
    trialEndsAt: row.plan_trial_ends_at === null ? null : isoTime(row.plan_trial_ends_at),
    hasPassword: row.password !== null,
    created_at: isoTime(row.created_at),
  };
}
