// net-snmp ships no types: this declares the part of its API the SNMP probe uses (net-snmp 3.x README).
declare module 'net-snmp' {
  export interface Varbind {
    oid: string;
    type: number;
    value: unknown;
  }
  export interface SessionOptions {
    port?: number;
    retries?: number;
    timeout?: number;
    transport?: 'udp4' | 'udp6';
    version?: number;
    context?: string;
  }
  export interface V3User {
    name: string;
    level: number;
    authProtocol?: number;
    authKey?: string;
    privProtocol?: number;
    privKey?: string;
  }
  export interface Session {
    get(oids: string[], callback: (error: Error | null, varbinds?: Varbind[]) => void): void;
    subtree(
      oid: string,
      maxRepetitions: number,
      feed: (varbinds: Varbind[]) => boolean | undefined,
      done: (error: Error | null) => void,
    ): void;
    close(): void;
    on(event: 'error', listener: (error: Error) => void): this;
  }
  export function createSession(target: string, community: string, options?: SessionOptions): Session;
  export function createV3Session(target: string, user: V3User, options?: SessionOptions): Session;
  export function isVarbindError(varbind: Varbind): boolean;
  export const Version2c: number;
  export const Version3: number;
  export const ObjectType: Record<string, number>;
  export const SecurityLevel: Record<'noAuthNoPriv' | 'authNoPriv' | 'authPriv', number>;
  export const AuthProtocols: Record<'md5' | 'sha' | 'sha224' | 'sha256' | 'sha384' | 'sha512', number>;
  export const PrivProtocols: Record<'des' | 'aes' | 'aes256b' | 'aes256r', number>;
  const snmp: {
    createSession: typeof createSession;
    createV3Session: typeof createV3Session;
    isVarbindError: typeof isVarbindError;
    Version2c: number;
    Version3: number;
    ObjectType: Record<string, number>;
    SecurityLevel: typeof SecurityLevel;
    AuthProtocols: typeof AuthProtocols;
    PrivProtocols: typeof PrivProtocols;
  };
  export default snmp;
}
