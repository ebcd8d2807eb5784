// Content pools for the world: names, captions, comments, places, hashtags and tracks in several
// languages and scripts. Plain data plus a few tiny helpers; the builder draws from it with its PRNG.

export type Locale = 'en' | 'es' | 'fr' | 'de' | 'pt' | 'it' | 'ja' | 'ru' | 'ar' | 'ko' | 'tr';

export const LOCALES: readonly Locale[] = ['en', 'es', 'fr', 'de', 'pt', 'it', 'ja', 'ru', 'ar', 'ko', 'tr'];

/** Locale weights: English most common, every script present. */
export const LOCALE_WEIGHTS: readonly (readonly [Locale, number])[] = [
  ['en', 30], ['es', 10], ['fr', 8], ['de', 7], ['pt', 7], ['it', 5], ['ja', 9], ['ru', 8], ['ar', 6], ['ko', 6], ['tr', 4],
];

/** [written name, latin form for usernames]. */
type NamePair = readonly [string, string];

interface NamePool {
  first: readonly NamePair[];
  last: readonly NamePair[];
  /** Family name first (ja, ko). */
  familyFirst?: boolean;
  /** Joiner between the two parts of a full name. */
  space?: string;
}

const same = (names: string): NamePair[] => names.split(' ').map((n) => [n, fold(n)] as const);

/** Lower-case ASCII form of a Latin name (accents removed). */
export function fold(text: string): string {
  return text
    .replace(/ß/g, 'ss')
    .replace(/ı/g, 'i')
    .replace(/ş/g, 's')
    .replace(/ğ/g, 'g')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

export const NAMES: Record<Locale, NamePool> = {
  en: {
    first: same('Emma Olivia Ava Mia Amelia Harper Evelyn Liam Noah Oliver Elijah James Lucas Henry Theo Grace Chloe Nora Jack Leo Ruby Isla Maya Owen Caleb'),
    last: same('Smith Johnson Brown Taylor Walker Wright Green Baker Hill Carter Mitchell Turner Parker Collins Reed Hughes Foster Brooks Price Bennett'),
  },
  es: {
    first: same('Lucía Sofía Martina Valentina Camila Mateo Santiago Diego Javier Alejandro Paula Carmen Inés Andrés Pablo Tomás'),
    last: same('García Fernández González Rodríguez López Martínez Sánchez Pérez Gómez Díaz Ruiz Hernández Jiménez Moreno Muñoz'),
  },
  fr: {
    first: same('Léa Chloé Camille Manon Inès Zoé Hugo Louis Gabriel Arthur Jules Raphaël Élodie Théo Maëlle Noémie'),
    last: same('Martin Bernard Dubois Thomas Robert Richard Petit Durand Leroy Moreau Lefèvre Girard Bonnet Rousseau Fontaine'),
  },
  de: {
    first: same('Lena Hannah Mia Emilia Leonie Jonas Lukas Felix Maximilian Paul Jürgen Sören Anja Katrin Björn'),
    last: same('Müller Schmidt Schneider Fischer Weber Meyer Wagner Becker Schulz Hoffmann Köhler Groß Krüger Schäfer'),
  },
  pt: {
    first: same('Ana Beatriz Júlia Larissa Mariana Gabriela João Pedro Lucas Gustavo Rafael Thiago Letícia Caio'),
    last: same('Silva Santos Oliveira Souza Rodrigues Ferreira Alves Pereira Lima Gomes Costa Ribeiro Araújo Carvalho'),
  },
  it: {
    first: same('Giulia Chiara Francesca Alessia Martina Lorenzo Matteo Leonardo Andrea Riccardo Niccolò Federica'),
    last: same('Rossi Russo Ferrari Esposito Bianchi Romano Colombo Ricci Marino Greco Bruno Gallo Conti'),
  },
  ja: {
    familyFirst: true,
    space: ' ',
    first: [['由紀', 'yuki'], ['陽菜', 'hina'], ['葵', 'aoi'], ['結衣', 'yui'], ['蓮', 'ren'], ['湊', 'minato'], ['大翔', 'hiroto'], ['さくら', 'sakura'], ['健太', 'kenta'], ['美咲', 'misaki'], ['翔太', 'shota'], ['あかり', 'akari']],
    last: [['田中', 'tanaka'], ['佐藤', 'sato'], ['鈴木', 'suzuki'], ['高橋', 'takahashi'], ['渡辺', 'watanabe'], ['伊藤', 'ito'], ['山本', 'yamamoto'], ['中村', 'nakamura'], ['小林', 'kobayashi'], ['加藤', 'kato']],
  },
  ru: {
    first: [['Анна', 'anna'], ['Мария', 'maria'], ['Екатерина', 'ekaterina'], ['Ольга', 'olga'], ['Дарья', 'darya'], ['Иван', 'ivan'], ['Дмитрий', 'dmitry'], ['Алексей', 'alexey'], ['Никита', 'nikita'], ['Сергей', 'sergey'], ['Полина', 'polina'], ['Артём', 'artem']],
    last: [['Иванова', 'ivanova'], ['Смирнов', 'smirnov'], ['Кузнецова', 'kuznetsova'], ['Попов', 'popov'], ['Соколова', 'sokolova'], ['Лебедев', 'lebedev'], ['Козлова', 'kozlova'], ['Новиков', 'novikov'], ['Морозова', 'morozova'], ['Волков', 'volkov']],
  },
  ar: {
    first: [['ليلى', 'layla'], ['مريم', 'mariam'], ['نور', 'nour'], ['سارة', 'sara'], ['فاطمة', 'fatma'], ['أحمد', 'ahmed'], ['محمد', 'mohamed'], ['عمر', 'omar'], ['يوسف', 'youssef'], ['كريم', 'karim'], ['هنا', 'hana'], ['خالد', 'khaled']],
    last: [['حسن', 'hassan'], ['علي', 'ali'], ['إبراهيم', 'ibrahim'], ['منصور', 'mansour'], ['سالم', 'salem'], ['الشريف', 'elsherif'], ['عبدالله', 'abdallah'], ['فاروق', 'farouk'], ['نصر', 'nasr'], ['زكي', 'zaki']],
  },
  ko: {
    familyFirst: true,
    space: '',
    first: [['지민', 'jimin'], ['서연', 'seoyeon'], ['민준', 'minjun'], ['하은', 'haeun'], ['도윤', 'doyun'], ['서준', 'seojun'], ['지우', 'jiwoo'], ['수아', 'sua'], ['예준', 'yejun'], ['하린', 'harin']],
    last: [['김', 'kim'], ['이', 'lee'], ['박', 'park'], ['최', 'choi'], ['정', 'jung'], ['강', 'kang'], ['조', 'cho'], ['윤', 'yoon'], ['장', 'jang'], ['임', 'lim']],
  },
  tr: {
    first: same('Zeynep Elif Defne Ecem Ayşe Mehmet Mustafa Emre Burak Can Ömer Selin Deniz'),
    last: same('Yılmaz Kaya Demir Şahin Çelik Yıldız Yıldırım Öztürk Aydın Özdemir Arslan Doğan'),
  },
};

/** Cities where places, businesses and captions live. */
export interface City {
  name: string;
  locale: Locale;
  country: string;
  countryCode: string;
  phonePrefix: string;
  lat: number;
  lng: number;
  zipBase: number;
  cityId: string;
}

export const CITIES: readonly City[] = [
  { name: 'New York', locale: 'en', country: 'United States', countryCode: '1', phonePrefix: '+1 212', lat: 40.7128, lng: -74.006, zipBase: 10001, cityId: '212988663' },
  { name: 'London', locale: 'en', country: 'United Kingdom', countryCode: '44', phonePrefix: '+44 20', lat: 51.5072, lng: -0.1276, zipBase: 0, cityId: '213385402' },
  { name: 'Paris', locale: 'fr', country: 'France', countryCode: '33', phonePrefix: '+33 1', lat: 48.8566, lng: 2.3522, zipBase: 75001, cityId: '110774245616525' },
  { name: 'Madrid', locale: 'es', country: 'Spain', countryCode: '34', phonePrefix: '+34 91', lat: 40.4168, lng: -3.7038, zipBase: 28001, cityId: '108110625880386' },
  { name: 'Mexico City', locale: 'es', country: 'Mexico', countryCode: '52', phonePrefix: '+52 55', lat: 19.4326, lng: -99.1332, zipBase: 6000, cityId: '110875372262004' },
  { name: 'Berlin', locale: 'de', country: 'Germany', countryCode: '49', phonePrefix: '+49 30', lat: 52.52, lng: 13.405, zipBase: 10115, cityId: '111175118906315' },
  { name: 'São Paulo', locale: 'pt', country: 'Brazil', countryCode: '55', phonePrefix: '+55 11', lat: -23.5505, lng: -46.6333, zipBase: 1000, cityId: '112047398814697' },
  { name: 'Rome', locale: 'it', country: 'Italy', countryCode: '39', phonePrefix: '+39 06', lat: 41.9028, lng: 12.4964, zipBase: 118, cityId: '115367971811113' },
  { name: 'Tokyo', locale: 'ja', country: 'Japan', countryCode: '81', phonePrefix: '+81 3', lat: 35.6762, lng: 139.6503, zipBase: 1000001, cityId: '112359255444040' },
  { name: 'Moscow', locale: 'ru', country: 'Russia', countryCode: '7', phonePrefix: '+7 495', lat: 55.7558, lng: 37.6173, zipBase: 101000, cityId: '115085015172389' },
  { name: 'Cairo', locale: 'ar', country: 'Egypt', countryCode: '20', phonePrefix: '+20 2', lat: 30.0444, lng: 31.2357, zipBase: 11511, cityId: '115351105145884' },
  { name: 'Seoul', locale: 'ko', country: 'South Korea', countryCode: '82', phonePrefix: '+82 2', lat: 37.5665, lng: 126.978, zipBase: 3000, cityId: '105637946136434' },
  { name: 'Istanbul', locale: 'tr', country: 'Türkiye', countryCode: '90', phonePrefix: '+90 212', lat: 41.0082, lng: 28.9784, zipBase: 34000, cityId: '106012156106461' },
];

/** Place templates per city: [name, category]. */
export const PLACES: Record<string, readonly (readonly [string, string])[]> = {
  'New York': [['Central Park', 'Park'], ['Brooklyn Bridge', 'Landmark & Historical Place'], ['Blue Hour Coffee', 'Coffee Shop'], ['The Met', 'Art Museum'], ['Chelsea Market', 'Market']],
  London: [['Tate Modern', 'Art Museum'], ['Borough Market', 'Market'], ['Primrose Hill', 'Park'], ['Kettle & Crumb', 'Bakery']],
  Paris: [['Café Lumière', 'Coffee Shop'], ['Musée d’Orsay', 'Art Museum'], ['Jardin du Luxembourg', 'Park'], ['Pâtisserie des Rêves', 'Bakery'], ['Canal Saint-Martin', 'Landmark & Historical Place']],
  Madrid: [['Parque del Retiro', 'Park'], ['Mercado de San Miguel', 'Market'], ['Museo del Prado', 'Art Museum']],
  'Mexico City': [['Bosque de Chapultepec', 'Park'], ['Taquería El Faro', 'Mexican Restaurant'], ['Palacio de Bellas Artes', 'Concert Hall']],
  Berlin: [['Tempelhofer Feld', 'Park'], ['Kaffeebar Kreuzberg', 'Coffee Shop'], ['East Side Gallery', 'Landmark & Historical Place'], ['Bäckerei Morgenrot', 'Bakery']],
  'São Paulo': [['Parque Ibirapuera', 'Park'], ['Beco do Batman', 'Landmark & Historical Place'], ['Mercado Municipal', 'Market']],
  Rome: [['Fontana di Trevi', 'Landmark & Historical Place'], ['Trastevere', 'Neighborhood'], ['Gelateria del Sole', 'Ice Cream Shop']],
  Tokyo: [['渋谷スクランブル交差点', 'Landmark & Historical Place'], ['新宿御苑', 'Park'], ['東京タワー', 'Landmark & Historical Place'], ['ラーメン一番', 'Ramen Restaurant'], ['喫茶こもれび', 'Coffee Shop']],
  Moscow: [['Красная площадь', 'Landmark & Historical Place'], ['Парк Горького', 'Park'], ['Кофейня Север', 'Coffee Shop']],
  Cairo: [['أهرامات الجيزة', 'Landmark & Historical Place'], ['خان الخليلي', 'Market'], ['مقهى النيل', 'Coffee Shop']],
  Seoul: [['경복궁', 'Landmark & Historical Place'], ['북촌한옥마을', 'Neighborhood'], ['카페 온도', 'Coffee Shop']],
  Istanbul: [['Galata Kulesi', 'Landmark & Historical Place'], ['Kadıköy Çarşı', 'Market'], ['Kahve Durağı', 'Coffee Shop']],
};

export const STREETS: Record<Locale, readonly string[]> = {
  en: ['Broadway', 'Mercer St', 'King’s Road', 'Greenwich Ave', 'Bedford Ave'],
  es: ['Calle Mayor', 'Avenida Juárez', 'Calle de Alcalá', 'Paseo de la Reforma'],
  fr: ['Rue de Rivoli', 'Rue Oberkampf', 'Boulevard Saint-Germain', 'Rue des Martyrs'],
  de: ['Oranienstraße', 'Kastanienallee', 'Friedrichstraße', 'Bergmannstraße'],
  pt: ['Rua Augusta', 'Avenida Paulista', 'Rua Oscar Freire'],
  it: ['Via del Corso', 'Via Margutta', 'Via dei Coronari'],
  ja: ['神南1丁目', '代官山町', '浅草2丁目'],
  ru: ['ул. Арбат', 'Тверская ул.', 'ул. Покровка'],
  ar: ['شارع التحرير', 'شارع المعز', 'كورنيش النيل'],
  ko: ['세종대로', '가로수길', '삼청로'],
  tr: ['İstiklal Caddesi', 'Bağdat Caddesi', 'Moda Caddesi'],
};

/** Hashtags of the world, Latin and non-Latin. Every name passes the service's hashtag rule. */
export const HASHTAGS: readonly { name: string; locale: Locale | null }[] = [
  { name: 'travel', locale: null }, { name: 'photography', locale: null }, { name: 'sunset', locale: null },
  { name: 'goldenhour', locale: null }, { name: 'streetphotography', locale: null }, { name: 'foodie', locale: null },
  { name: 'coffee', locale: null }, { name: 'architecture', locale: null }, { name: 'design', locale: null },
  { name: 'reels', locale: null }, { name: 'music', locale: null }, { name: 'dance', locale: null },
  { name: 'hiking', locale: null }, { name: 'ocean', locale: null }, { name: 'filmphotography', locale: null },
  { name: 'bookstagram', locale: null }, { name: 'vegan', locale: null }, { name: 'citylife', locale: null },
  { name: 'café', locale: 'fr' }, { name: 'pâtisserie', locale: 'fr' }, { name: 'paris', locale: 'fr' },
  { name: 'naturaleza', locale: 'es' }, { name: 'fotografía', locale: 'es' }, { name: 'méxico', locale: 'es' },
  { name: 'straßenfotografie', locale: 'de' }, { name: 'berlin', locale: 'de' },
  { name: 'fotografia', locale: 'pt' }, { name: 'saopaulo', locale: 'pt' },
  { name: 'roma', locale: 'it' }, { name: 'gelato', locale: 'it' },
  { name: '東京', locale: 'ja' }, { name: '夜景', locale: 'ja' }, { name: 'ラーメン', locale: 'ja' }, { name: '写真好きな人と繋がりたい', locale: 'ja' },
  { name: 'москва', locale: 'ru' }, { name: 'природа', locale: 'ru' }, { name: 'кофе', locale: 'ru' },
  { name: 'القاهرة', locale: 'ar' }, { name: 'مصر', locale: 'ar' }, { name: 'تصوير', locale: 'ar' },
  { name: '서울', locale: 'ko' }, { name: '여행', locale: 'ko' }, { name: '카페', locale: 'ko' },
  { name: 'istanbul', locale: 'tr' }, { name: 'kahve', locale: 'tr' },
];

export const EMOJI = ['✨', '🌅', '📸', '☕️', '🍜', '🌿', '🔥', '💛', '🎶', '🌊', '🏙️', '🙌', '😍', '🥐', '🌸', '🚲', '🎬', '❤️'];

/** Caption openers per language (mentions, hashtags and emoji are added by the builder). */
export const CAPTIONS: Record<Locale, readonly string[]> = {
  en: ['Golden hour never gets old', 'Weekend notes from the city', 'Found a quiet corner today', 'New series, part one', 'Some days are just right', 'Back at it', 'Morning light through the window', 'Little things that made my week', 'Out and about with', 'Trying something new'],
  es: ['Domingo de paseo', 'La luz de la tarde', 'Un rincón tranquilo', 'Nuevo proyecto en camino', 'Mañanas así', 'Con la mejor compañía'],
  fr: ['Balade du dimanche', 'Lumière du soir sur les quais', 'Petit café en terrasse', 'Nouvelle série, premier épisode', 'Les beaux jours reviennent', 'Un moment avec'],
  de: ['Sonntagsspaziergang', 'Licht am Abend', 'Kleine Pause im Café', 'Neue Serie, Teil eins', 'Endlich wieder draußen', 'Unterwegs mit'],
  pt: ['Domingo de sol', 'Luz da tarde', 'Um cantinho tranquilo', 'Projeto novo chegando', 'Dias assim', 'Com a melhor companhia'],
  it: ['Passeggiata della domenica', 'La luce della sera', 'Un caffè al volo', 'Nuova serie, parte uno', 'Giornate così'],
  ja: ['今日の東京はとても綺麗でした', '週末の散歩', '夕焼けがきれい', '新しいシリーズ始めました', 'いい一日でした', '友達と'],
  ru: ['Прогулка по набережной', 'Вечерний свет', 'Кофе и тишина', 'Новая серия, часть первая', 'Такие дни', 'Гуляем с'],
  ar: ['صباح الخير من القاهرة', 'ضوء المساء', 'لحظة هدوء', 'سلسلة جديدة', 'أيام جميلة', 'مع'],
  ko: ['주말 산책', '오늘의 노을', '조용한 카페에서', '새로운 시리즈 시작', '좋은 하루', '친구와 함께'],
  tr: ['Pazar yürüyüşü', 'Akşam ışığı', 'Kahve molası', 'Yeni seri, birinci bölüm', 'Böyle günler', 'Birlikte'],
};

export const COMMENTS: Record<Locale, readonly string[]> = {
  en: ['Love this!', 'Stunning shot', 'Where is this?', 'This made my day', 'Wow 😍', 'So good', 'Need to go here', 'The colours!', 'Incredible light', 'Saving this'],
  es: ['¡Qué bonito!', 'Me encanta 😍', '¿Dónde es esto?', 'Increíble', 'Qué buena foto'],
  fr: ['Magnifique 👏', 'Trop beau', 'C’est où ?', 'J’adore', 'Superbe lumière'],
  de: ['Wunderschön!', 'Tolles Foto', 'Wo ist das?', 'Richtig gut', 'Mega 😍'],
  pt: ['Que lindo!', 'Amei 😍', 'Onde é isso?', 'Incrível', 'Que foto!'],
  it: ['Bellissima!', 'Che meraviglia', 'Dove si trova?', 'Stupenda 😍'],
  ja: ['すごい！', 'きれい😍', 'どこですか？', '最高です', '素敵な写真'],
  ru: ['Очень красиво', 'Класс! 🔥', 'Где это?', 'Потрясающе', 'Супер кадр'],
  ar: ['رائع جدا', 'جميل 😍', 'أين هذا المكان؟', 'صورة مذهلة'],
  ko: ['대박', '너무 예뻐요 😍', '여기 어디예요?', '최고예요'],
  tr: ['Harika!', 'Çok güzel 😍', 'Burası neresi?', 'Muhteşem'],
};

export const REPLIES: Record<Locale, readonly string[]> = {
  en: ['thank you!', 'agreed 🙌', 'right?!', 'exactly', 'haha yes'],
  es: ['¡gracias!', 'totalmente', 'jaja sí'],
  fr: ['merci !', 'tellement', 'carrément'],
  de: ['danke!', 'genau', 'haha ja'],
  pt: ['obrigada!', 'demais', 'né?!'],
  it: ['grazie!', 'esatto', 'davvero'],
  ja: ['ありがとう！', 'ほんとに', 'そうそう'],
  ru: ['спасибо!', 'точно', 'согласна'],
  ar: ['شكرا!', 'بالضبط', 'صحيح'],
  ko: ['감사해요!', '맞아요', 'ㅎㅎ 그쵸'],
  tr: ['teşekkürler!', 'aynen', 'kesinlikle'],
};

export const BIOS: Record<Locale, readonly string[]> = {
  en: ['Photographer based in {city}', 'Coffee, cameras and long walks', 'Collecting small moments', 'Designer. Runner. Plant parent 🌿', 'Stories from {city} and beyond'],
  es: ['Fotógrafa en {city}', 'Viajes, café y buena luz', 'Contando historias pequeñas'],
  fr: ['Photographe à {city}', 'Café, pellicule et flânerie', 'Carnet de balades'],
  de: ['Fotograf aus {city}', 'Kaffee, Kamera, Kiez', 'Kleine Momente sammeln'],
  pt: ['Fotógrafa em {city}', 'Café, viagens e luz boa', 'Histórias do dia a dia'],
  it: ['Fotografo a {city}', 'Caffè e passeggiate', 'Piccoli momenti'],
  ja: ['{city}在住のカメラマン', '写真と珈琲と散歩', '日々の記録'],
  ru: ['Фотограф из города {city}', 'Кофе, плёнка и прогулки', 'Маленькие моменты'],
  ar: ['مصور من {city}', 'قهوة وسفر وضوء جميل', 'لحظات صغيرة'],
  ko: ['{city}에서 사진 찍어요', '커피와 산책', '일상 기록'],
  tr: ['{city} merkezli fotoğrafçı', 'Kahve, kamera ve yürüyüş', 'Küçük anlar'],
};

export const HIGHLIGHT_TITLES: readonly string[] = [
  'Travel ✈️', 'Food', 'Tokyo', 'Москва', 'Menu', 'Behind the scenes', 'Q&A', 'Family', 'القاهرة', '서울', 'Recetas', 'Été ☀️', 'Studio', 'Press', 'Reviews', 'Events', 'İstanbul', 'Summer 25',
];

export const CREATOR_CATEGORIES = ['Photographer', 'Artist', 'Digital creator', 'Musician/Band', 'Travel blogger', 'Video creator', 'Writer', 'Chef'];

export const BUSINESS_KINDS: readonly { category: string; group: string; words: readonly string[] }[] = [
  { category: 'Coffee Shop', group: 'Restaurants', words: ['Café', 'Coffee', 'Roasters', 'Kaffeebar'] },
  { category: 'Bakery', group: 'Restaurants', words: ['Bakery', 'Boulangerie', 'Panadería', 'Bäckerei'] },
  { category: 'Bookstore', group: 'Shopping & Retail', words: ['Books', 'Librairie', 'Buchhandlung'] },
  { category: 'Fitness Studio', group: 'Sports & Recreation', words: ['Studio', 'Fitness', 'Yoga'] },
  { category: 'Florist', group: 'Shopping & Retail', words: ['Flowers', 'Fleurs', 'Blumen'] },
  { category: 'Art Gallery', group: 'Arts & Entertainment', words: ['Gallery', 'Galerie', 'Galería'] },
];

export const BUSINESS_NAMES = ['Lumière', 'Nord', 'Aurora', 'Olive', 'Juniper', 'Atlas', 'Marigold', 'Kiko', 'Sol', 'Linden', 'Harbor', 'Ember', 'Fika', 'Mistral'];

export const LINK_SITES = ['https://example.com/shop', 'https://example.org/blog/new-post', 'https://example.net/tickets', 'https://example.com/menu', 'https://example.org/portfolio'];

/** Music of the world: invented tracks. */
export const TRACKS: readonly { title: string; artist: string; explicit: boolean; lyrics: boolean }[] = [
  { title: 'Golden Hour Drive', artist: 'Mira Vale', explicit: false, lyrics: true },
  { title: 'Neon Rain', artist: 'Tokyo Static', explicit: false, lyrics: false },
  { title: 'Summer in Lisbon', artist: 'Os Marinheiros', explicit: false, lyrics: true },
  { title: 'Paper Planes (Acoustic)', artist: 'Hollow Pines', explicit: false, lyrics: true },
  { title: 'Midnight Metro', artist: 'DJ Kestrel', explicit: true, lyrics: true },
  { title: 'Café Noir', artist: 'Léon Arcel', explicit: false, lyrics: false },
  { title: 'Wildflower', artist: 'June & the Moths', explicit: false, lyrics: true },
  { title: 'Ночной город', artist: 'Северный ветер', explicit: false, lyrics: true },
  { title: '夏の終わり', artist: 'Hikari Band', explicit: false, lyrics: true },
  { title: 'Desert Bloom', artist: 'Nour Ensemble', explicit: false, lyrics: false },
  { title: '서울의 밤', artist: 'Blue Moon Club', explicit: false, lyrics: true },
  { title: 'Bailando Sola', artist: 'Luna Roja', explicit: false, lyrics: true },
  { title: 'Slow Motion', artist: 'Arden Lake', explicit: false, lyrics: true },
  { title: 'Original audio', artist: 'skyward.atlas', explicit: false, lyrics: false },
  { title: 'Heatwave', artist: 'The Fennels', explicit: true, lyrics: true },
  { title: 'Lo-fi Morning', artist: 'beatsbyrain', explicit: false, lyrics: false },
  { title: 'Istanbul Nights', artist: 'Kara Deniz', explicit: false, lyrics: true },
  { title: 'Ocean Floor', artist: 'Saltwater Kids', explicit: false, lyrics: false },
  { title: 'Tanz mit mir', artist: 'Kiezkinder', explicit: false, lyrics: true },
  { title: 'Echoes', artist: 'Vela', explicit: false, lyrics: true },
];

/** A small emoji-aware trim: keeps text short for titles. */
export function truncate(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : chars.slice(0, max - 1).join('') + '…';
}

/**
 * The form search compares: lower case, accents and other combining marks removed, everything else
 * kept (spaces, scripts, emoji). Queries and texts go through the same function.
 */
export function searchable(text: string): string {
  return text.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
}
