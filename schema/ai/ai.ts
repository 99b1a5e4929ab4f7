import { z } from 'zod';
import { text } from '../kit/input.js';

/** What AI writing can write (issue 22): the generator's three and the marketing screen's two. */
export const aiOperation = z.enum(['product_description', 'blog_post', 'caption', 'campaign_ideas', 'social_captions']);
export type AiOperation = z.infer<typeof aiOperation>;

export interface AiOperationInfo {
  label: string;
  screen: 'generator' | 'marketing';
  /** The most the writer may write, in tokens (sent as max_tokens): the price covers it. */
  maxTokens: number;
  /** What the writer is asked to do with the brief. */
  instruction: string;
}

export const aiOperations: Record<AiOperation, AiOperationInfo> = {
  product_description: {
    label: 'Product description',
    screen: 'generator',
    maxTokens: 400,
    instruction: 'Write a product description for an online shop, two short paragraphs, plain text.',
  },
  blog_post: {
    label: 'Blog post',
    screen: 'generator',
    maxTokens: 1500,
    instruction: 'Write a blog post with a title line and short paragraphs, plain text.',
  },
  caption: {
    label: 'Caption',
    screen: 'generator',
    maxTokens: 200,
    instruction: 'Write one social media caption, at most two sentences, with up to three hashtags.',
  },
  campaign_ideas: {
    label: 'Campaign ideas',
    screen: 'marketing',
    maxTokens: 800,
    instruction: 'Suggest three marketing campaign ideas, each with a name and two sentences, plain text.',
  },
  social_captions: {
    label: 'Social captions',
    screen: 'marketing',
    maxTokens: 400,
    instruction: 'Write three social media captions, one per line, each with up to three hashtags.',
  },
};

export const operationsFor = (screen: AiOperationInfo['screen']): AiOperation[] =>
  aiOperation.options.filter((op) => aiOperations[op].screen === screen);

/** The longest brief, in characters. */
export const BRIEF_MAX = 2000;
/** One credit pays for this many tokens (prompt and written text together). */
export const TOKENS_PER_CREDIT = 1000;
/** Tokens the instructions around a brief take (the workspace's name and voice, the task). */
export const PROMPT_OVERHEAD_TOKENS = 150;

/** A brief's length in tokens as the price counts it: about four characters a token. */
export const briefTokens = (briefLength: number): number => Math.ceil(briefLength / 4);

/**
 * The price shown before a generation runs, in credits: a pure function of the operation and the
 * brief's length — the most the run can cost (instructions + brief + the operation's max_tokens,
 * a credit per TOKENS_PER_CREDIT, at least 1). It is reserved when the run starts.
 */
export function priceInCredits(operation: AiOperation, briefLength: number): number {
  const tokens = PROMPT_OVERHEAD_TOKENS + briefTokens(briefLength) + aiOperations[operation].maxTokens;
  return Math.max(1, Math.ceil(tokens / TOKENS_PER_CREDIT));
}

/** What a finished run costs: its real token count priced the same way, never above what was reserved. */
export function settledCredits(reserved: number, promptTokens: number, completionTokens: number): number {
  return Math.min(reserved, Math.max(1, Math.ceil((promptTokens + completionTokens) / TOKENS_PER_CREDIT)));
}

export const aiMessages = {
  briefEmpty: 'Write a brief first: a few words about what to write.',
  briefTooLong: `A brief can be at most ${BRIEF_MAX} characters.`,
  tooFewCredits: (price: number, balance: number) =>
    `This costs ${price} ${price === 1 ? 'credit' : 'credits'} and you have ${balance}. Buy a credit pack to keep writing.`,
  notConfigured: 'AI writing is not available: no writing service is set up. Nothing was charged.',
  failed: 'The text could not be written. No credits were spent.',
  templateUnknownVariable: (name: string) => `The template uses {{${name}}}, which is not one of its variables.`,
  templateMissingValue: (name: string) => `Fill in {{${name}}} first.`,
  templateNameTaken: 'A template with this name already exists.',
  templateNotFound: 'Template not found',
} as const;

export const generateBody = z.object({
  operation: aiOperation,
  brief: text().trim().min(1, aiMessages.briefEmpty).max(BRIEF_MAX, aiMessages.briefTooLong),
});
export type GenerateBody = z.infer<typeof generateBody>;

/**
 * The generate endpoint answers newline-delimited JSON, one event a line: text as it arrives, then
 * `done` with what was charged and the balance left, or `error` (nothing charged). Sample text from
 * the local stand-in says so in `start` and `done`, and is charged nothing.
 */
export const generateEvent = z.discriminatedUnion('type', [
  /** `sample`: the local stand-in writes, not a writing service: its text is sample text and costs nothing. */
  z.object({ type: z.literal('start'), credits_reserved: z.number().int(), sample: z.boolean() }),
  z.object({ type: z.literal('delta'), text: z.string() }),
  z.object({ type: z.literal('done'), credits_used: z.number().int(), balance: z.number().int(), sample: z.boolean() }),
  z.object({ type: z.literal('error'), message: z.string() }),
]);
export type GenerateEvent = z.infer<typeof generateEvent>;

/**
 * An account's AI credits: the plan's allowance left this cycle, and the credits that never expire
 * told apart as the welcome credits every account starts with and the credits bought.
 */
export const aiBalance = z.object({
  configured: z.boolean(),
  /** No writing service is set up and the local stand-in writes sample text, free of charge. */
  sample_text: z.boolean(),
  plan_credits: z.number().int(),
  plan_credits_per_cycle: z.number().int(),
  welcome_credits: z.number().int(),
  bought_credits: z.number().int(),
  total: z.number().int(),
  /** When the plan's credits are next refreshed (ISO). */
  refreshes_at: z.string(),
});
export type AiBalance = z.infer<typeof aiBalance>;
