/** Thrown by `within` when the work took longer than allowed. */
export class DeadlineExceeded extends Error {
  constructor(readonly ms: number) {
    super(`no answer within ${ms / 1000} s`);
  }
}

/**
 * The work's answer, or DeadlineExceeded once `ms` have passed: a probe of a hung database must
 * answer fast. The work itself goes on; whatever it ends with later is ignored.
 */
export async function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeadlineExceeded(ms)), ms);
  });
  work.catch(() => {}); // a failure after the deadline is nobody's to handle
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}
