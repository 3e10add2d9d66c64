//! The `don` command.

/// mimalloc rather than the C library's allocator: an import reads and checks records on one
/// thread and stores them on another, and a check reads on one and replays on another; the C
/// library's allocator spends a fifth of their time on memory one thread allocated and the
/// other frees.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    don::cli::main()
}
