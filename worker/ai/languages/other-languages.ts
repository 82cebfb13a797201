// Languages the reader does not read (docs/decisions/189): their frequent words, written as the normaliser
// reads them, so a text in one of them is recognised as unreadable instead of being read as if it said
// nothing. Languages in other scripts (Japanese, Chinese, Korean, Cyrillic, Greek, Arabic, Hebrew, Thai,
// Devanagari…) need no list: any word in a script other than Latin is unreadable. A word that is also a word
// of a language the reader knows is dropped from these lists when they are built (detect.ts).

export const OTHER_LANGUAGE_WORDS: Record<string, string[]> = {
  Dutch: [
    'ik', 'het', 'een', 'niet', 'geen', 'graag', 'alsjeblieft', 'alstublieft', 'iets', 'zonder', 'wil', 'mijn', 'zwanger', 'rijden', 'rij', 'bestuurder',
    'drinken', 'hebben', 'heb', 'ook', 'maar', 'bedankt', 'dank', 'lekker', 'zoet', 'fruitig', 'fruitigs', 'noten', 'pinda', 'pindas', 'melk', 'voor',
    'zijn', 'wat', 'hoe', 'dit', 'deze', 'erg', 'veel', 'weinig', 'zou', 'kunnen', 'mag', 'bier', 'wijn', 'alcoholvrij', 'alcoholvrije', 'allergie',
  ],
  Polish: [
    'jestem', 'nie', 'prosze', 'poprosze', 'cos', 'chce', 'chcialbym', 'chcialabym', 'bez', 'alkoholu', 'ciazy', 'ciazi', 'dla', 'mnie',
    'owocowego', 'owocowy', 'slodki', 'slodkiego', 'orzechy', 'orzechow', 'uczulenie', 'uczulony', 'uczulona', 'kierowca', 'prowadze', 'dziekuje', 'czy',
    'jak', 'moze', 'bezalkoholowy', 'bezalkoholowego', 'mleko', 'pije',
  ],
  Turkish: [
    'bir', 'lutfen', 'degil', 'yok', 'hamile', 'hamileyim', 'alkolsuz', 'icmiyorum', 'araba', 'kullaniyorum', 'alerjim', 'alerjisi', 'bana', 'icin',
    'sey', 'meyveli', 'tatli', 'fistik', 'sut', 'ile', 'cok', 'tesekkurler', 'tesekkur', 'merhaba', 'istiyorum', 'olsun', 'benim', 'icki', 'kokteyl',
  ],
  Swedish: [
    'jag', 'inte', 'och', 'nagot', 'utan', 'kor', 'snalla', 'vill', 'allergisk', 'notter', 'mjolk', 'sott', 'fruktig', 'fruktigt', 'dricker', 'dricka',
    'inget', 'ingen', 'det', 'som', 'kan', 'har', 'gravid', 'alkoholfri', 'alkoholfritt', ],
  Danish: [
    'jeg', 'ikke', 'noget', 'frugtig', 'frugtigt', 'tak', 'uden', 'korer', 'nodder', 'maelk', 'drikker', 'gerne', 'hvad', 'gravid', 'venligst', 'har',
  ],
  Norwegian: ['jeg', 'ikke', 'noe', 'fruktig', 'takk', 'uten', 'kjorer', 'notter', 'melk', 'drikker', 'gjerne', 'hva', 'vennligst', 'gravid'],
  Finnish: [
    'olen', 'raskaana', 'jotain', 'kiitos', 'alkoholiton', 'alkoholia', 'ilman', 'ajan', 'autolla', 'pahkinat', 'pahkina', 'maito', 'makea', 'hedelmainen',
    'haluaisin', 'haluan', 'minulla', 'ole', 'voisitko', 'juon', 'allerginen',
  ],
  Czech: [
    'jsem', 'nejsem', 'prosim', 'neco', 'tehotna', 'ridim', 'orechy', 'mleko', 'sladke', 'chci', 'chtel', 'chtela', 'dekuji', 'ano', 'nebo', 'nealko',
    'nealkoholicky', 'alergicky', 'alergie',
  ],
  Hungarian: [
    'vagyok', 'terhes', 'kerek', 'kerem', 'valami', 'valamit', 'alkoholmentes', 'nem', 'igen', 'koszonom', 'mogyoro', 'tej', 'edes',
    'gyumolcsos', 'vezetek', 'szeretnek', 'egy', 'egyet', 'nekem', 'allergias',
  ],
  Romanian: [
    'sunt', 'insarcinata', 'ceva', 'rog', 'conduc', 'nuci', 'lapte', 'fructat', 'vreau', 'dori', 'multumesc', 'alergic', 'alergica', 'bautura',
  ],
  Catalan: ['estic', 'soc', 'vull', 'voldria', 'amb', 'sisplau', 'plau', 'gracies', 'embarassada', 'conduir', 'llet', 'dolc', 'afruitat', 'beguda'],
  Indonesian: [
    'saya', 'aku', 'hamil', 'tolong', 'sesuatu', 'yang', 'tidak', 'tanpa', 'minuman', 'manis', 'buah', 'kacang', 'susu', 'mau', 'ingin', 'terima', 'kasih',
    'bisa', 'dengan', 'untuk', 'sedang', 'menyetir', 'nyetir', 'mengemudi', 'kamu', 'boleh', ],
  Tagalog: ['ako', 'ang', 'ng', 'mga', 'buntis', 'salamat', 'wala', 'walang', 'inumin', 'matamis', 'gatas', 'naman', 'nagmamaneho', 'pong'],
  Swahili: ['mimba', 'tafadhali', 'kitu', 'bila', 'pombe', 'sitaki', 'ninaendesha', 'asante', 'tamu', 'matunda', 'karanga', 'maziwa', 'nataka', 'mimi'],
  Croatian: ['trudna', 'molim', 'nesto', 'alkohola', 'vozim', 'orasi', 'oraha', 'mlijeko', 'slatko', 'hvala', 'zelim', 'nisam', 'bezalkoholno'],
  Afrikaans: ['ek', 'nie', 'swanger', 'asseblief', 'iets', 'sonder', 'bestuur', 'neute', 'soet', 'dankie', 'graag'],
  Vietnamese: ['toi', 'khong', 'ruou', 'ngot', 'muon'],
  Estonian: ['olen', 'rase', 'palun', 'midagi', 'ilma', 'alkoholita', 'aitah', 'tahan', 'magus'],
  Albanian: ['shtatzene', 'lutem', 'dicka', 'faleminderit', 'dua', 'pije'],
};
