/* @name Ping */
SELECT 1 AS "one!";
