// The Artisan Bar's menu in Spanish (docs/decisions/217), approved by its admin: guests who read Spanish see these.
// "Corpse Reviver No. 2" and "Naked and Famous" are left untranslated on purpose, so the demo shows a drink read in
// the venue's own language (English) beside the translated ones.
/** The Artisan Bar's own description in Spanish (docs/decisions/265), saved by its admin in Translations. */
export const ARTISAN_VENUE_SPANISH = {
  description: 'Hielo tallado a mano, siropes caseros y una barra de destilados de pequeños productores: clásicos removidos y creaciones de temporada en un local del West Village a la luz de las velas.',
};

export const ARTISAN_SPANISH: Readonly<Record<string, { name: string; description: string }>> = {
  'Negroni': { name: 'Negroni', description: 'Ginebra London dry removida con Campari y vermut rojo, servida con hielo en vaso bajo con piel de naranja. Amargo e intenso, con un toque herbal.' },
  'Manhattan': { name: 'Manhattan', description: 'Whiskey de centeno removido con vermut rojo y amargo de Angostura, servido en copa coupé fría con una cereza. Intenso y sofisticado, con un toque herbal.' },
  'Dry Martini': { name: 'Dry Martini', description: 'Ginebra London dry removida con vermut seco, servida en copa de martini fría con una aceituna. Seco y sofisticado, con un toque herbal.' },
  'Sazerac': { name: 'Sazerac', description: 'Coñac removido con absenta, un terrón de azúcar y amargo de Peychaud, servido con hielo en vaso bajo. Herbal e intenso, con un toque sofisticado.' },
  'Old Fashioned': { name: 'Old Fashioned', description: 'Bourbon removido con un terrón de azúcar y amargo de Angostura, servido con hielo en vaso bajo con piel de naranja. Intenso y sofisticado, con un toque especiado.' },
  'Mezcal Negroni': { name: 'Negroni de mezcal', description: 'Mezcal removido con Campari y vermut rojo, servido con hielo en vaso bajo. Ahumado y amargo, con un toque intenso.' },
  'Oaxaca Old Fashioned': { name: 'Old Fashioned de Oaxaca', description: 'Tequila reposado removido con mezcal, sirope de agave y amargo de Angostura, servido con hielo en vaso bajo. Ahumado e intenso, con un toque sofisticado.' },
  'Penicillin': { name: 'Penicillin', description: 'Whisky escocés de mezcla agitado con single malt de Islay, zumo de limón natural y sirope de miel y jengibre, servido con hielo en vaso bajo. Ahumado y especiado, con un toque cítrico.' },
  'Boulevardier': { name: 'Boulevardier', description: 'Bourbon removido con Campari y vermut rojo, servido con hielo en vaso bajo. Amargo e intenso, con un toque sofisticado.' },
  'Southside': { name: 'Southside', description: 'Ginebra London dry agitada con zumo de lima natural, sirope simple y menta fresca, servida en copa coupé fría. Herbal y cítrico, con un toque refrescante.' },
  'Last Word': { name: 'Last Word', description: 'Ginebra London dry agitada con Chartreuse verde, licor de marrasquino y zumo de lima natural, servida en copa coupé fría. Herbal y sofisticado, con un toque cítrico.' },
  'Espresso Martini': { name: 'Espresso Martini', description: 'Vodka agitado con licor de café, espresso y sirope simple, servido en copa coupé fría. Cremoso e intenso, con un toque sofisticado.' },
  'Paper Plane': { name: 'Paper Plane', description: 'Bourbon agitado con Aperol, Amaro Nonino y zumo de limón natural, servido en copa coupé fría. Amargo y cítrico, con un toque sofisticado.' },
  'Gin & Tonic': { name: 'Gin tonic', description: 'Ginebra London dry con agua tónica, servida larga con hielo y una cuña de lima. Amargo y refrescante, con un toque ligero.' },
  'French 75': { name: 'French 75', description: 'Ginebra London dry agitada con zumo de limón natural y sirope simple, completada con champán y servida en copa flauta. Cítrico y floral, con un toque sofisticado.' },
  'Mint Julep': { name: 'Mint Julep', description: 'Bourbon preparado con menta fresca y sirope simple, servido con hielo picado en copa julep. Herbal e intenso, con un toque refrescante.' },
  'Jungle Bird': { name: 'Jungle Bird', description: 'Ron oscuro agitado con Campari, zumo de piña, zumo de lima natural y sirope simple, servido con hielo en vaso bajo. Tropical y amargo, con un toque intenso.' },
  'Whisky Highball': { name: 'Highball de whisky', description: 'Whisky escocés de mezcla con agua con gas, servido largo con hielo y piel de limón. Refrescante y ligero, con un toque seco.' },
  'Spicy Margarita': { name: 'Margarita picante', description: 'Tequila blanco agitado con zumo de lima natural, sirope de agave y rodajas de jalapeño, servido con hielo en vaso bajo. Picante y cítrico, con un toque intenso.' },
  'Aviation': { name: 'Aviation', description: 'Ginebra London dry agitada con licor de marrasquino, zumo de limón natural y crème de violette, servida en copa coupé fría. Floral y cítrico, con un toque sofisticado.' },
  'Cucumber Cooler': { name: 'Refresco de pepino', description: 'Rodajas de pepino agitadas con zumo de lima natural, sirope simple y menta fresca, completadas con agua con gas y servidas largas con hielo. Refrescante y herbal, con un toque ligero.' },
  'Elderflower Spritz (0%)': { name: 'Spritz de flor de saúco (0 %)', description: 'Sirope de flor de saúco con agua con gas, servido con hielo en copa de vino con rodajas de pepino. Floral y ligero, con un toque refrescante.' },
  'Virgin Mary': { name: 'Virgin Mary', description: 'Zumo de tomate mezclado con zumo de limón natural, salsa Worcestershire, salsa picante y una pizca de sal de apio, servido largo con hielo. Picante y sencillo.' },
  'Virgin Piña Colada': { name: 'Piña colada sin alcohol', description: 'Crema de coco batida con zumo de piña, servida en copa huracán. Tropical y cremosa, con un toque dulce.' },
  'West Coast IPA': { name: 'IPA de la Costa Oeste', description: 'India pale ale, tirada al momento en vaso de pinta. Amarga y cítrica, con un toque intenso.' },
  'Dry Stout': { name: 'Stout seca', description: 'Stout, tirada al momento en vaso de pinta. Cremosa y ahumada, con un toque intenso.' },
  'Pinot Noir': { name: 'Pinot Noir', description: 'Una copa de 150 ml de Pinot Noir, servida en copa de vino. Afrutado y sofisticado.' },
  'Sauvignon Blanc': { name: 'Sauvignon Blanc', description: 'Una copa de 150 ml de Sauvignon Blanc, servida en copa de vino. Cítrico y refrescante, con un toque seco.' },
  'Dry Rosé': { name: 'Rosado seco', description: 'Una copa de 150 ml de rosado seco, servida en copa de vino. Afrutado y refrescante, con un toque ligero.' },
  'Bourbon, neat': { name: 'Bourbon, solo', description: 'Una medida de 50 ml de bourbon, servida sola en vaso bajo. Intenso y sofisticado.' },
  'Islay Single Malt, neat': { name: 'Single malt de Islay, solo', description: 'Una medida de 50 ml de single malt de Islay, servida sola en copa de cata. Ahumado e intenso, con un toque sofisticado.' },
  'Mezcal, neat': { name: 'Mezcal, solo', description: 'Una medida de 50 ml de mezcal, servida sola en copita. Ahumado e intenso.' },
  'Aged Rum, neat': { name: 'Ron añejo, solo', description: 'Una medida de 50 ml de ron añejo, servida sola en vaso bajo. Tropical y sofisticado.' },
  'Tequila Shot': { name: 'Chupito de tequila', description: 'Un chupito de tequila blanco, con una pizca de sal y una cuña de lima al lado. Intenso y sencillo.' },
  'Green Tea Shot': { name: 'Chupito de té verde', description: 'Whisky escocés de mezcla agitado con licor de melocotón y zumo de limón natural, completado con refresco de lima-limón y servido como chupito. Dulce y cítrico.' },
  'Espresso': { name: 'Espresso', description: 'Espresso, servido en taza de café. Intenso y sencillo.' },
  'Fresh Lemonade': { name: 'Limonada natural', description: 'Zumo de limón natural preparado con sirope simple, completado con agua con gas y servido largo con hielo. Cítrica y refrescante.' },
};
