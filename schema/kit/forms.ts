import { z } from 'zod';
import { text } from './input.js';

/** The spec's §5 form rules. Messages are the spec's, verbatim; the forms and the server share them. */
export const messages = {
  invalidEmail: 'Invalid email address',
  validEmail: 'Please enter a valid email address',
  passwordMin: 'Password must be at least 6 characters',
  nameMin: 'Name must be at least 2 characters',
  passwordsMatch: "Passwords don't match",
  codeSixDigits: 'Verification code must be 6 digits',
  invalidCode: 'Invalid code. Please try again.',
  subjectMin: 'Subject must be at least 5 characters',
  messageMin: 'Message must be at least 10 characters',
  ageRequired: 'You must be at least 18 years old to register',
  termsRequired: 'You must accept the Terms of Service and Privacy Policy',
} as const;

const email = text().trim().email(messages.invalidEmail);

export const loginForm = z.object({
  email,
  password: text().min(6, messages.passwordMin),
});
export type LoginForm = z.infer<typeof loginForm>;

export const registerForm = z
  .object({
    full_name: text().trim().min(2, messages.nameMin).max(255),
    email,
    password: text().min(6, messages.passwordMin),
    confirmPassword: text(),
    age_confirmed: z.literal(true, { error: messages.ageRequired }),
    terms_accepted: z.literal(true, { error: messages.termsRequired }),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: messages.passwordsMatch,
    path: ['confirmPassword'],
  });
export type RegisterForm = z.infer<typeof registerForm>;

export const resetRequestForm = z.object({
  email: text().trim().email(messages.validEmail),
});

export const resetPasswordForm = z
  .object({
    token: text().min(1),
    password: text().min(6, messages.passwordMin),
    confirmPassword: text(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: messages.passwordsMatch,
    path: ['confirmPassword'],
  });

export const socialEmailForm = z.object({
  email,
  verification_code: text().min(6, messages.codeSixDigits).max(6, messages.codeSixDigits),
});

export const verificationCodeForm = z.object({
  code: text().regex(/^\d{6}$/, messages.codeSixDigits),
});

export const contactForm = z.object({
  name: text().trim().min(2, messages.nameMin).max(255),
  email: text().trim().email(messages.validEmail),
  subject: text().trim().min(5, messages.subjectMin).max(255),
  message: text().trim().min(10, messages.messageMin).max(5000),
});
export type ContactForm = z.infer<typeof contactForm>;
