export interface TranslationPart {
  key: 'apertium' | 'pair-en-es' | 'pair-es-fr' | 'pocketsphinx' | 'pocketsphinx-model';
  /** What it does, for messages ("speech recognition (`pocketsphinx_continuous`)"). */
  what: string;
  /** The Debian package that installs it. */
  package: string;
  /** A file that package installs. */
  file: string;
  /** For Apertium's modes: the pair it translates. */
  pair?: { from: string; to: string };
}
export declare const TRANSLATION_PARTS: readonly TranslationPart[];
export declare const TRANSLATION_PACKAGES: readonly string[];
export declare const TRANSLATION_TEST_DATA: { package: string; file: string };
export declare const BROWSER_PACKAGES: readonly string[];
export declare const README_INSTALL_LINES: readonly { section: string; packages: readonly string[] }[];
export declare function aptInstallCommand(packages: readonly string[]): string;
export declare const README_PATH: URL;
export interface AptInstallLine {
  section: string;
  text: string;
  words: string[];
  packages: string[];
}
export declare function aptInstallLines(markdown: string): AptInstallLine[];
export declare function readmeInstallLine(
  section: string,
  readmePath?: URL | string,
): AptInstallLine | string;
