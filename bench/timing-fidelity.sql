WITH parents AS (
  SELECT DISTINCT p.class || '.' || p.method || p.descriptor AS name
  FROM calls c JOIN calls p ON c.recording = p.recording AND c.parent_id = p.call_id
  WHERE c.recording = 'A_FILE' AND c.duration_ns IS NULL),
m AS (
  SELECT recording, class || '.' || method || descriptor AS name, count(*) FILTER (WHERE duration_ns IS NULL) AS untimed,
         sum(duration_ns) AS total, sum(self_ns) AS self FROM calls GROUP BY ALL),
a AS (SELECT * FROM m WHERE recording = 'A_FILE'), f AS (SELECT * FROM m WHERE recording = 'F_FILE'),
j AS (SELECT a.name, a.total AS a_total, f.total AS f_total, a.self AS a_self, f.self AS f_self,
             a.name IN (SELECT name FROM parents) AS calls_untimed
      FROM a JOIN f USING (name) WHERE a.untimed = 0 AND f.total > 0)
SELECT calls_untimed, count(*) AS methods,
       round(sum(f_total) FILTER (WHERE abs(a_total / f_total - 1) <= 0.10) / sum(f_total), 3) AS total_within_10pct,
       round(sum(f_self) FILTER (WHERE f_self > 0 AND abs(a_self / f_self - 1) <= 0.10) / sum(f_self), 3) AS self_within_10pct,
       round(sum(a_total) / sum(f_total), 3) AS total_ratio, round(sum(a_self) / sum(f_self), 3) AS self_ratio
FROM j GROUP BY ALL ORDER BY 1
