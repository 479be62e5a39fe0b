import { solveChallenge, type Challenge, type Solution } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2'

/** Finds the counter an ALTCHA challenge asks for, with the browser's WebCrypto (PBKDF2): in the worker, or on the page where no worker can run. */
export const solve = (challenge: Challenge): Promise<Solution | null> => solveChallenge({ challenge, deriveKey })
