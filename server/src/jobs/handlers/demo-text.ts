import type { SpeechLanguage } from '../../media/speech/index.js';

/** What a voice demo says, per language. */
const DEMO_TEXT: Partial<Record<SpeechLanguage, string>> = {
  zh: '你好，这是我的声音。欢迎使用数字人视频服务。',
  zh_cantonese: '你好，呢個係我嘅聲音。歡迎使用數字人視頻服務。',
  en: 'Hello, this is my voice. Welcome to the talking video service.',
  de: 'Hallo, das ist meine Stimme. Willkommen beim Videodienst.',
  es: 'Hola, esta es mi voz. Bienvenido al servicio de video.',
  fr: 'Bonjour, voici ma voix. Bienvenue sur le service vidéo.',
  jp: 'こんにちは、これはわたしのこえです。',
  ko: '안녕하세요, 이것은 제 목소리입니다.',
};

export function demoTextFor(lang: SpeechLanguage): string {
  return DEMO_TEXT[lang] ?? DEMO_TEXT.zh!;
}
