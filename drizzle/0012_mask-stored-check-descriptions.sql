-- Custom SQL migration file, put your code below! --
-- Issue 11: calls stored before lib/engine/mask-checks.ts kept check descriptions naming the SSN's
-- area and group (beside the input summary's last four), full phones and birthdays. Rewrite them
-- as Verify now stores them; the same rules as maskDescription, so running it twice changes nothing.
CREATE FUNCTION verity_mask_check_description(check_id text, description text) RETURNS text
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  result text := description;
  phone text;
BEGIN
  IF check_id LIKE 'SYNTHETIC\_SSN\_%' THEN
    result := regexp_replace(result, '\s*\(area \d{3}: [^)]*\)', '', 'g');
    result := regexp_replace(result, '\m(area number|area|group)(\s+)\d{1,3}\M', '\1\2***', 'gi');
  END IF;
  result := regexp_replace(result, '\m\d{3}([- ]?)\d{2}\1\d{4}\M', '***-**-****', 'g');
  FOR phone IN SELECT DISTINCT (regexp_matches(result, '\+\d{7,15}\M', 'g'))[1] LOOP
    result := replace(result, phone, left(phone, 2) || repeat('*', greatest(0, length(phone) - 6)) || right(phone, 4));
  END LOOP;
  result := regexp_replace(result, '(birthday|born on|born) (\d{4})-\d{2}-\d{2}', '\1 \2-**-**', 'g');
  RETURN result;
END;
$$;
--> statement-breakpoint
UPDATE session_calls SET checks = (
  SELECT coalesce(jsonb_agg(
    CASE WHEN jsonb_typeof(c -> 'description') = 'string'
      THEN jsonb_set(c, '{description}', to_jsonb(verity_mask_check_description(c ->> 'id', c ->> 'description')))
      ELSE c END
    ORDER BY ord), '[]'::jsonb)
  FROM jsonb_array_elements(checks) WITH ORDINALITY AS e(c, ord)
)
WHERE jsonb_typeof(checks) = 'array';
--> statement-breakpoint
DROP FUNCTION verity_mask_check_description(text, text);
