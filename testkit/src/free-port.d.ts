/**
 * A TCP port on 127.0.0.1 that nothing listens on now and that no outgoing connection will take
 * (it is below the kernel's ephemeral range), never the same twice in one process.
 */
export declare function freePort(): Promise<number>
