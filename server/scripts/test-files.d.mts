export const serverRoot: string;
export function testFiles(folder: 'src' | 'test'): string[];
