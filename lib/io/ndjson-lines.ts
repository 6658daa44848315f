import { createReadStream } from 'node:fs';

export interface Line {
  /** 1-based line number in the file. */
  number: number;
  text: string;
  /** Byte offset of the line's first byte: a stable position to name the line by. */
  startOffset: number;
  /** Byte offset just after this line's newline: where a resumed read starts. */
  endOffset: number;
}

/**
 * The lines of a file from a byte offset, with their byte positions (readline cannot resume
 * at a byte offset). Lines are split on \n; a trailing \r is dropped.
 */
export async function* readLines(path: string, startOffset: number, startLine: number): AsyncGenerator<Line> {
  let carry: Buffer = Buffer.alloc(0);
  let offset = startOffset;
  let number = startLine;
  for await (const chunk of createReadStream(path, { start: startOffset, highWaterMark: 1 << 20 })) {
    const buffer = carry.length > 0 ? Buffer.concat([carry, chunk as Buffer]) : (chunk as Buffer);
    let start = 0;
    for (let i = buffer.indexOf(10, start); i !== -1; i = buffer.indexOf(10, start)) {
      const end = i > start && buffer[i - 1] === 13 ? i - 1 : i;
      const startOffset = offset;
      offset += i + 1 - start;
      number++;
      yield { number, text: buffer.toString('utf8', start, end), startOffset, endOffset: offset };
      start = i + 1;
    }
    carry = buffer.subarray(start);
  }
  if (carry.length > 0) {
    number++;
    yield {
      number,
      text: carry.toString('utf8').replace(/\r$/, ''),
      startOffset: offset,
      endOffset: offset + carry.length,
    };
  }
}
