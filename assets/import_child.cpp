// The import role: limit this process, load one file, write the answer, exit. Nothing here may
// trust the file; everything the parent gets back it checks again (import_process.cpp).

#include "assets/import_child.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/uio.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <new>
#include <span>
#include <string_view>
#include <thread>

#include "assets/import_protocol.h"
#include "assets/load_model.h"
#include "assets/scene/scene_wire.h"

namespace assets {

namespace {

namespace protocol = import_protocol;

std::atomic<bool> g_role_offered{false};

/// The child ends here, after its answer or when it cannot give one: no static destructor and
/// no leak check runs in a process that only loaded one file.
[[noreturn]] void end_child(int status) {
    std::_Exit(status);
}

[[noreturn]] void usage_error(const std::string& what) {
    std::fprintf(stderr, "raypick import process: %s\n", what.c_str());
    end_child(2);
}

/// Writes every byte, or ends the child when the parent is gone.
void write_all(std::span<const std::byte> bytes) {
    while (!bytes.empty()) {
        const ssize_t n = ::write(kImportReplyFd, bytes.data(), bytes.size());
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) end_child(1);
        bytes = bytes.subspan(std::size_t(n));
    }
}

/// Hands the pages of `bytes` to the pipe instead of copying them into it (vmsplice): the parent
/// reads them straight from this process's memory, which saves one copy of a big mesh. The
/// pages must stay unchanged until read, so nothing may free them before this process ends.
void lend_all(std::span<const std::byte> bytes) {
    while (!bytes.empty()) {
        iovec piece{const_cast<std::byte*>(bytes.data()), bytes.size()};
        const ssize_t n = ::vmsplice(kImportReplyFd, &piece, 1, 0);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && (errno == EINVAL || errno == ENOSYS || errno == EPERM)) {
            write_all(bytes);  // not a pipe, or a kernel without vmsplice: copy
            return;
        }
        if (n <= 0) end_child(1);
        bytes = bytes.subspan(std::size_t(n));
    }
}

ImportRequest parse_request(int argc, char** argv) {
    ImportRequest request;
    bool has_path = false;
    const auto number = [&](int& i) -> std::uint64_t {
        if (i + 1 >= argc) usage_error(std::string(argv[i]) + " needs a value");
        char* end = nullptr;
        const unsigned long long value = std::strtoull(argv[++i], &end, 10);
        if (end == argv[i] || *end != '\0') usage_error(std::string(argv[i]) + " is not a number");
        return value;
    };
    for (int i = 2; i < argc; ++i) {
        const std::string_view arg = argv[i];
        if (arg == "--parent") {
            request.parent_pid = long(number(i));
        } else if (arg == "--memory") {
            request.limits.memory_bytes = number(i);
        } else if (arg == "--cpu") {
            request.limits.cpu_seconds = number(i);
        } else if (arg == "--tinyobjloader") {
            request.options.obj_via_tinyobjloader = true;
        } else if (arg == "--" && i + 2 == argc) {
            request.path = argv[++i];
            has_path = true;
        } else {
            usage_error("unknown argument '" + std::string(arg) + "'");
        }
    }
    if (!has_path || request.parent_pid <= 0 || request.limits.memory_bytes == 0 ||
        request.limits.cpu_seconds == 0) {
        usage_error("needs --parent, --memory, --cpu and -- FILE");
    }
    return request;
}

void set_limit(int resource, rlim_t value) {
    rlimit limit{};
    if (::getrlimit(resource, &limit) != 0) return;
    // Never above the hard limit this process already has: only lower it.
    limit.rlim_cur = std::min(value, limit.rlim_max);
    if (resource == RLIMIT_CPU && limit.rlim_cur < limit.rlim_max) {
        // SIGXCPU at the limit; SIGKILL a second later, should anything catch SIGXCPU.
        limit.rlim_max = std::min(limit.rlim_max, limit.rlim_cur + 1);
    }
    if (::setrlimit(resource, &limit) != 0) {
        std::fprintf(stderr, "raypick import process: setrlimit: %s\n", std::strerror(errno));
        end_child(2);
    }
}

void apply_limits(const ImportLimits& limits) {
    set_limit(RLIMIT_CORE, 0);  // a crash is reported by the parent, not dumped to disk
    set_limit(RLIMIT_CPU, limits.cpu_seconds);
    if (import_memory_limit_is_address_space()) set_limit(RLIMIT_AS, limits.memory_bytes);
}

void send_refusal(LoadFailure failure, const std::string& reason) {
    write_all(protocol::refusal_frame(failure, reason));
}

void send_scene(const Scene& scene) {
    std::uint64_t size = 0;
    encode_scene(scene,
                 [&size](std::span<const std::byte> piece, WirePiece) { size += piece.size(); });
    write_all(protocol::frame_header(protocol::MessageKind::Scene, size));
    encode_scene(scene, [](std::span<const std::byte> piece, WirePiece where) {
        if (where == WirePiece::OfTheScene)
            lend_all(piece);
        else
            write_all(piece);
    });
}

/// Sends the loader's progress every 50 ms while it runs.
class ProgressReporter {
  public:
    explicit ProgressReporter(const LoadProgress& progress)
        : progress_(progress), thread_([this] { run(); }) {}
    ~ProgressReporter() { stop(); }
    ProgressReporter(const ProgressReporter&) = delete;
    ProgressReporter& operator=(const ProgressReporter&) = delete;

    /// Returns once the last progress is written: the answer may follow.
    void stop() {
        {
            std::lock_guard lock(mutex_);
            stopping_ = true;
        }
        wake_.notify_all();
        if (thread_.joinable()) thread_.join();
    }

  private:
    void run() {
        float sent = -1.0f;
        std::unique_lock lock(mutex_);
        while (!wake_.wait_for(lock, std::chrono::milliseconds(50), [this] { return stopping_; })) {
            const float fraction = std::clamp(progress_.fraction.load(), 0.0f, 1.0f);
            if (fraction >= sent + 0.005f) {
                write_all(protocol::progress_frame(fraction));
                sent = fraction;
            }
        }
    }

    const LoadProgress& progress_;
    std::mutex mutex_;
    std::condition_variable wake_;
    bool stopping_ = false;
    std::thread thread_;
};

/// A test hook, never set by raypick itself: RAYPICK_IMPORT_FAULT makes the import process
/// misbehave in one way, so that the parent's handling of each is tested without relying on an
/// importer's bug. Returns the fault to apply after loading, if any.
std::string_view misbehave_before_loading(const ImportLimits& limits) {
    const char* fault = std::getenv("RAYPICK_IMPORT_FAULT");
    const std::string_view name = fault ? fault : "";
    const auto crash = [] {
        std::signal(SIGSEGV, SIG_DFL);  // not a sanitizer's handler: die of the signal
        std::raise(SIGSEGV);
    };
    if (name == "segv") {
        crash();
    } else if (name == "bloat-segv") {
        // Most of the memory limit resident, then the crash: an importer that died of its size.
        const std::size_t bytes = limits.memory_bytes / 10 * 6;
        auto* block = new std::byte[bytes];
        std::memset(block, 1, bytes);
        asm volatile("" : : "r"(block) : "memory");
        crash();
    } else if (name == "alloc") {
        constexpr std::size_t kBlock = std::size_t(64) << 20;
        for (;;) {
            auto* block = new std::byte[kBlock];
            std::memset(block, 1, kBlock);  // resident, not just reserved
            asm volatile("" : : "r"(block) : "memory");
        }
    } else if (name == "spin") {
        for (;;)
            asm volatile("");
    } else if (name == "hang") {
        for (;;)
            ::pause();
    } else if (name == "silent") {
        end_child(0);
    }
    return name;  // "truncate" and "bad-index" apply to the answer
}

[[noreturn]] void run_import_role(int argc, char** argv) {
    // Die with the parent: a viewer that exits or is killed leaves no import running.
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    ::prctl(PR_SET_NAME, "raypick-import");
    const ImportRequest request = parse_request(argc, argv);
    if (::getppid() != request.parent_pid) end_child(1);  // the parent died before PDEATHSIG
    apply_limits(request.limits);

    try {
        const std::string_view fault = misbehave_before_loading(request.limits);
        LoadProgress progress;
        ProgressReporter reporter(progress);
        Scene scene = load_model(request.path, request.options, &progress);
        reporter.stop();
        if (fault == "bad-index") scene.meshes.at(0).indices.at(0) = std::uint32_t(-1);
        if (fault == "truncate") {
            const std::vector<std::byte> bytes = encode_scene(scene);
            write_all(protocol::frame_header(protocol::MessageKind::Scene, bytes.size()));
            write_all(std::span(bytes).first(bytes.size() / 2));
        } else {
            send_scene(scene);
            // The scene's arrays may still be in the pipe, lent rather than copied (lend_all):
            // end before anything frees them.
            ::close(kImportReplyFd);
            end_child(0);
        }
    } catch (const LoadError& e) {
        send_refusal(e.failure() == LoadFailure::MemoryLimit ? LoadFailure::MemoryLimit
                                                             : LoadFailure::Refused,
                     e.reason());
    } catch (const std::bad_alloc&) {
        send_refusal(LoadFailure::MemoryLimit, std::string(kOutOfMemoryWhileLoading));
    } catch (const std::exception& e) {
        send_refusal(LoadFailure::Refused, e.what());
    }
    ::close(kImportReplyFd);  // the answer is whole: the parent reads it while this process ends
    end_child(0);
}

}  // namespace

std::vector<std::string> import_role_arguments(const ImportRequest& request) {
    std::vector<std::string> args = {kImportRoleArgument,
                                     "--parent",
                                     std::to_string(request.parent_pid),
                                     "--memory",
                                     std::to_string(request.limits.memory_bytes),
                                     "--cpu",
                                     std::to_string(request.limits.cpu_seconds)};
    if (request.options.obj_via_tinyobjloader) args.push_back("--tinyobjloader");
    args.push_back("--");
    args.push_back(request.path.string());
    return args;
}

void serve_import_role(int argc, char** argv) {
    if (argc >= 2 && std::string_view(argv[1]) == kImportRoleArgument) run_import_role(argc, argv);
    g_role_offered = true;
}

bool import_role_offered() {
    return g_role_offered.load();
}

}  // namespace assets
