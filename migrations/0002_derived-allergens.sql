ALTER TABLE `menu_drinks` ADD `extra_allergens` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `menu_drinks` ADD `contains_alcohol` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `order_items` ADD `allergens` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `order_items` ADD `contains_alcohol` integer DEFAULT true NOT NULL;--> statement-breakpoint
-- Backfill (docs/decisions/101): what a drink's stored allergens say beyond its matched recipe lines
-- is kept as the admin's own addition, then allergens and contains_alcohol are derived from the recipe.
UPDATE `menu_drinks` SET `extra_allergens` = coalesce((
  SELECT json_group_array(s.value) FROM json_each(`menu_drinks`.`allergens`) s
  WHERE lower(trim(s.value)) NOT IN (
    SELECT lower(trim(a.value)) FROM `drink_ingredients` di JOIN `ingredients` i ON i.id = di.ingredient_id, json_each(i.allergens) a
    WHERE di.menu_drink_id = `menu_drinks`.`id`)
), '[]');--> statement-breakpoint
UPDATE `menu_drinks` SET `allergens` = coalesce((
  SELECT json_group_array(v) FROM (
    SELECT trim(a.value) AS v FROM `drink_ingredients` di JOIN `ingredients` i ON i.id = di.ingredient_id, json_each(i.allergens) a
    WHERE di.menu_drink_id = `menu_drinks`.`id` AND trim(a.value) <> ''
    UNION SELECT trim(e.value) FROM json_each(`menu_drinks`.`extra_allergens`) e WHERE trim(e.value) <> ''
    ORDER BY 1)
), '[]');--> statement-breakpoint
UPDATE `menu_drinks` SET `contains_alcohol` = CASE
  WHEN EXISTS (SELECT 1 FROM `drink_ingredients` di JOIN `ingredients` i ON i.id = di.ingredient_id
    WHERE di.menu_drink_id = `menu_drinks`.`id` AND lower(trim(i.category)) IN ('spirit', 'liqueur', 'fortified wine', 'wine', 'beer', 'cider', 'bitters')) THEN 1
  WHEN (NOT EXISTS (SELECT 1 FROM `drink_ingredients` di WHERE di.menu_drink_id = `menu_drinks`.`id`)
    OR EXISTS (SELECT 1 FROM `drink_ingredients` di WHERE di.menu_drink_id = `menu_drinks`.`id` AND di.ingredient_id IS NULL))
    AND `category` NOT IN ('mocktail', 'non_alcoholic') THEN 1
  ELSE 0 END;--> statement-breakpoint
-- Past order lines: a menu drink's facts as derived now; an AI creation's from its recipe's ingredients.
UPDATE `order_items` SET
  `allergens` = coalesce((SELECT d.allergens FROM `menu_drinks` d WHERE d.id = `order_items`.`menu_drink_id`), (
    SELECT json_group_array(v) FROM (
      SELECT DISTINCT trim(a.value) AS v FROM json_each(coalesce(`order_items`.`recipe`, '[]')) r
      JOIN `ingredients` i ON lower(i.name) = lower(trim(json_extract(r.value, '$.ingredient'))), json_each(i.allergens) a
      ORDER BY 1)
  ), '[]'),
  `contains_alcohol` = coalesce((SELECT d.contains_alcohol FROM `menu_drinks` d WHERE d.id = `order_items`.`menu_drink_id`), 1);
