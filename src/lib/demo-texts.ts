import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/i18n/use-language';

/**
 * The Thai of the demo data (supabase/seed.sql). What brands and creators write is shown as they
 * wrote it, in one language; the demo rows are ours, written in English in the seed, so their
 * Thai lives here and a Thai reader sees a Thai demo. Only rows marked is_demo are translated,
 * matched by their exact English text (a unit test checks every entry is in the seed).
 */
export const demoThai: Readonly<Record<string, string>> = {
  // Campaigns: titles, descriptions, briefs
  'Skincare Product Review': 'รีวิวสกินแคร์ตัวใหม่',
  'Try our new Vitamin C brightening serum for two weeks and share an honest review: your routine, the texture, and the results you see.':
    'ลองเซรั่มวิตามินซีสูตรหน้าใสตัวใหม่ 2 สัปดาห์ แล้วมารีวิวแบบจริงใจ: รูทีนที่ใช้ เนื้อสัมผัส และผลที่เห็น',
  'We are looking for beauty and lifestyle creators with an engaged Thai audience. Show the serum in your morning routine, keep it natural, and tag @glowlab.th. Videos of 30 to 60 seconds work best.':
    'มองหาครีเอเตอร์สายบิวตี้และไลฟ์สไตล์ที่คนดูชาวไทยเอนเกจดี โชว์เซรั่มในรูทีนตอนเช้าแบบธรรมชาติ ๆ แล้วแท็ก @glowlab.th วิดีโอยาว 30–60 วินาทีกำลังดี',
  'Energy Drink Promotion': 'โปรโมตเครื่องดื่มชูกำลัง',
  'Create a high-energy video featuring Volt during your workout, study session or night out.':
    'ทำวิดีโอพลังเต็มร้อยที่มี Volt ตอนออกกำลังกาย อ่านหนังสือ หรือออกไปเที่ยวกลางคืน',
  'Volt wants fun, fast-paced content that shows the moment you need a boost. Any format works: transitions, challenges or day-in-the-life. Mention the new passion-fruit flavour.':
    'Volt อยากได้คอนเทนต์สนุก จังหวะเร็ว ที่โชว์ตอนที่ต้องการพลังเพิ่ม ทำแบบไหนก็ได้ ทั้งทรานซิชัน ชาเลนจ์ หรือ day in the life อย่าลืมพูดถึงรสเสาวรสใหม่',
  'Fitness Apparel Showcase': 'โชว์ชุดออกกำลังกาย FitFlex',
  'Show off the FitFlex summer collection in a workout or styling video.': 'โชว์คอลเลกชันซัมเมอร์ของ FitFlex ในคลิปออกกำลังกายหรือคลิปแต่งตัว',
  'We will send you two outfits from the summer collection. Film a workout, a try-on or a gym-to-street styling video, and tell your followers what you like about the fit and fabric.':
    'เราส่งชุดจากคอลเลกชันซัมเมอร์ไปให้ 2 ชุด ถ่ายคลิปออกกำลังกาย ลองชุด หรือแต่งจากยิมไปเที่ยวต่อ แล้วเล่าให้ผู้ติดตามฟังว่าชอบทรงและเนื้อผ้าตรงไหน',
  // Tags of the campaigns, and the brands' categories
  Beauty: 'ความงาม',
  Skincare: 'สกินแคร์',
  Beverages: 'เครื่องดื่ม',
  Lifestyle: 'ไลฟ์สไตล์',
  Fashion: 'แฟชั่น',
  Fitness: 'ฟิตเนส',
  // Videos: titles and captions
  'My morning glow routine with GlowLab serum': 'รูทีนหน้าโกลว์ตอนเช้ากับเซรั่ม GlowLab',
  'Two weeks with a Vitamin C serum: honest results. #skincare #glowlab #ad': 'ใช้เซรั่มวิตามินซีมา 2 สัปดาห์ ผลเป็นยังไงบอกตรง ๆ #skincare #glowlab #ad',
  'Late-night study session, powered by Volt': 'อ่านหนังสือดึก ๆ มี Volt ช่วยเติมพลัง',
  'Exam week survival kit. #studywithme #volt #ad': 'ชุดเอาตัวรอดสัปดาห์สอบ #studywithme #volt #ad',
  'Throwback: my first energy drink taste test': 'ย้อนดู: ชิมเครื่องดื่มชูกำลังครั้งแรก',
  'Trying every energy drink at the 7-Eleven. #throwback': 'ชิมเครื่องดื่มชูกำลังทุกยี่ห้อในเซเว่น #throwback',
  'Dance break skincare check': 'ซ้อมเต้นหนัก ๆ หน้ายังรอดไหม',
  'Does it survive a full dance practice? #glowlab #dance #ad': 'ซ้อมเต้นเต็มรอบแล้วสกินแคร์ยังอยู่ไหม #glowlab #dance #ad',
  'Gym to street in FitFlex': 'จากยิมสู่สตรีทกับ FitFlex',
  'Three looks, one set. #fitflex #ootd #ad': 'ชุดเดียว แต่งได้ 3 ลุค #fitflex #ootd #ad',
  'Sunscreen test: a full day at the beach': 'เทสกันแดด: อยู่ทะเลทั้งวัน',
  'SPF check after 8 hours in the sun. #glowlab #skincare #ad': 'เช็ก SPF หลังตากแดด 8 ชั่วโมง #glowlab #skincare #ad',
};

/** A demo row's text in the reader's language; anything else exactly as written. */
export function demoText(text: string, isDemo: boolean | null | undefined, language: 'en' | 'th'): string;
export function demoText(text: string | null, isDemo: boolean | null | undefined, language: 'en' | 'th'): string | null;
export function demoText(text: string | null, isDemo: boolean | null | undefined, language: 'en' | 'th') {
  return language === 'th' && isDemo && text !== null ? (demoThai[text] ?? text) : text;
}

/** demoText in the interface language: `shown(row.title, row.is_demo)`. */
export function useDemoText() {
  const language = useLanguage();
  return <T extends string | null>(text: T, isDemo: boolean | null | undefined) => demoText(text, isDemo, language) as T;
}

/** A video's title as shown: its own (a demo video's in the reader's language), else "Untitled" in the reader's words. */
export function useVideoTitle() {
  const { t } = useTranslation('common');
  const shown = useDemoText();
  return (video: { title: string | null; is_demo: boolean | null }) => shown(video.title?.trim() || null, video.is_demo) || t('video.fallbackTitle');
}
