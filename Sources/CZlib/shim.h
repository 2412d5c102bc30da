// The system zlib, for raw inflate and CRC-32 in the ZIP reader (TranscriptFormats/ZIP).
#include <zlib.h>
