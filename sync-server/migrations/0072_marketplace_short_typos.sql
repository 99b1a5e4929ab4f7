-- A short word with a typo shares too few trigrams with the word meant ('bg' has one in common with
-- 'bag', 'scrf' three of eight with 'scarf'), so search also takes the known words one edit away
-- (fuzzystrmatch's levenshtein) among those of about the typed word's length that begin with its
-- letter, found through this index.
CREATE EXTENSION IF NOT EXISTS fuzzystrmatch;
CREATE INDEX marketplace_words_short ON marketplace_words (left(word, 1), char_length(word)) WHERE char_length(word) <= 7;
