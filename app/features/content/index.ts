/**
 * The content module's public entry (DESIGN.md §12): what other modules may use. The AI assistant
 * writes into an entry through these hooks.
 */
export { contentCalls, useContentChange, useEntries } from './use-content';
