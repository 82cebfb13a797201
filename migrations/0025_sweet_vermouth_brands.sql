-- Branded sweet vermouths a menu names are aliases of Sweet vermouth (docs/decisions/238); one already there
-- (by a super admin's merge, any case) is not added twice.
UPDATE `ingredients` SET `aliases` = json_insert(`aliases`, '$[#]', 'Carpano Antica') WHERE `name` = 'Sweet vermouth'
  AND NOT EXISTS (SELECT 1 FROM json_each(`ingredients`.`aliases`) WHERE lower(json_each.value) = lower('Carpano Antica'))
  AND NOT EXISTS (SELECT 1 FROM `ingredients` AS other WHERE lower(other.`name`) = lower('Carpano Antica'));
--> statement-breakpoint
UPDATE `ingredients` SET `aliases` = json_insert(`aliases`, '$[#]', 'Carpano Antica Formula') WHERE `name` = 'Sweet vermouth'
  AND NOT EXISTS (SELECT 1 FROM json_each(`ingredients`.`aliases`) WHERE lower(json_each.value) = lower('Carpano Antica Formula'))
  AND NOT EXISTS (SELECT 1 FROM `ingredients` AS other WHERE lower(other.`name`) = lower('Carpano Antica Formula'));
--> statement-breakpoint
UPDATE `ingredients` SET `aliases` = json_insert(`aliases`, '$[#]', 'Cocchi Vermouth di Torino') WHERE `name` = 'Sweet vermouth'
  AND NOT EXISTS (SELECT 1 FROM json_each(`ingredients`.`aliases`) WHERE lower(json_each.value) = lower('Cocchi Vermouth di Torino'))
  AND NOT EXISTS (SELECT 1 FROM `ingredients` AS other WHERE lower(other.`name`) = lower('Cocchi Vermouth di Torino'));
--> statement-breakpoint
UPDATE `ingredients` SET `aliases` = json_insert(`aliases`, '$[#]', 'Punt e Mes') WHERE `name` = 'Sweet vermouth'
  AND NOT EXISTS (SELECT 1 FROM json_each(`ingredients`.`aliases`) WHERE lower(json_each.value) = lower('Punt e Mes'))
  AND NOT EXISTS (SELECT 1 FROM `ingredients` AS other WHERE lower(other.`name`) = lower('Punt e Mes'));
