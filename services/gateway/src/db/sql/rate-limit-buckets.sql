/* @name TakeTokens */
INSERT INTO gateway.rate_limit_buckets AS b (merchant_id, tokens, updated_ms, granted)
VALUES (
  :merchantId!,
  :burst!::float8 - (CASE WHEN :burst!::float8 < 1 THEN 0 ELSE LEAST(10, GREATEST(1, floor(:burst!::float8 / 10)))::int END),
  :nowMs!::bigint,
  CASE WHEN :burst!::float8 < 1 THEN 0 ELSE LEAST(10, GREATEST(1, floor(:burst!::float8 / 10)))::int END
)
ON CONFLICT (merchant_id) DO UPDATE SET
  (tokens, granted) = (
    SELECT refilled - lease, lease
    FROM (SELECT refilled, CASE WHEN refilled < 1 THEN 0 ELSE LEAST(10, GREATEST(1, floor(refilled / 10)))::int END AS lease
            FROM (SELECT LEAST(:burst!::float8, b.tokens + GREATEST(0, :nowMs!::bigint - b.updated_ms) * :rps!::float8 / 1000) AS refilled) AS refill) AS g
  ),
  updated_ms = GREATEST(b.updated_ms, :nowMs!::bigint)
RETURNING tokens, granted;
