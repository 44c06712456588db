# Stops one thread of a process (not the process) for a while, as a write to a stalled disk
# would stop it: python3 stall-thread.py TID SECONDS. Uses ptrace (PTRACE_SEIZE, PTRACE_INTERRUPT,
# then PTRACE_DETACH); prints "stopped" once the thread is stopped, "released" at the end.
import ctypes, os, sys, time

libc = ctypes.CDLL(None, use_errno=True)
libc.ptrace.argtypes = [ctypes.c_long, ctypes.c_long, ctypes.c_void_p, ctypes.c_void_p]
tid, seconds = int(sys.argv[1]), float(sys.argv[2])
if libc.ptrace(0x4206, tid, None, None) != 0:
    sys.exit("cannot trace thread %d: %s" % (tid, os.strerror(ctypes.get_errno())))
if libc.ptrace(0x4207, tid, None, None) != 0:
    sys.exit("cannot stop thread %d: %s" % (tid, os.strerror(ctypes.get_errno())))
os.waitpid(tid, 0x40000000)  # __WALL
print("stopped", flush=True)
time.sleep(seconds)
libc.ptrace(17, tid, None, None)
print("released", flush=True)
