// The parent's side of the import process: spawn, read, decode, validate, reap, and say what
// happened. The child is owned by one ChildProcess from spawn to reaping, so no path out of
// import_model() leaves a process running or a zombie behind.

#include "assets/import_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <fstream>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <system_error>
#include <thread>
#include <vector>

#include "assets/import_child.h"
#include "assets/import_protocol.h"
#include "assets/load_model.h"
#include "assets/procedural/torus_knot.h"
#include "assets/scene/scene_wire.h"

extern char** environ;

namespace assets {

namespace {

namespace protocol = import_protocol;

constexpr int kPollMilliseconds = 25;
/// How far a child's ru_maxrss must lie above its parent's peak to be the child's own.
constexpr std::uint64_t kInheritedPeakSlack = std::uint64_t(32) << 20;
/// The child's progress covers loading; the rest of the bar is the answer's transfer and checks.
constexpr float kChildShareOfProgress = 0.95f;

std::system_error system_error(const char* what) {
    return std::system_error(errno, std::generic_category(), what);
}

/// A file descriptor closed when it goes out of scope.
class Fd {
  public:
    Fd() = default;
    explicit Fd(int fd) : fd_(fd) {}
    ~Fd() { reset(); }
    Fd(const Fd&) = delete;
    Fd& operator=(const Fd&) = delete;
    [[nodiscard]] int get() const { return fd_; }
    void reset(int fd = -1) {
        if (fd_ >= 0) ::close(fd_);
        fd_ = fd;
    }

  private:
    int fd_ = -1;
};

/// How the child ended.
struct ChildEnd {
    int status = 0;
    double cpu_seconds = 0.0;
    std::uint64_t peak_resident_bytes = 0;
};

/// The import process from spawn to reaping. Destroying it kills and reaps a child still running.
class ChildProcess {
  public:
    explicit ChildProcess(const ImportRequest& request) {
        int fds[2];
        if (::pipe2(fds, O_CLOEXEC) != 0) throw system_error("pipe2");
        reply_.reset(fds[0]);
        Fd write_end(fds[1]);
        // Fewer round trips for a large scene; the default 64 KiB works too.
        ::fcntl(reply_.get(), F_SETPIPE_SZ, 1 << 20);

        const std::vector<std::string> args = import_role_arguments(request);
        std::vector<char*> argv;
        std::string program = "/proc/self/exe";
        argv.push_back(program.data());
        for (const std::string& arg : args)
            argv.push_back(const_cast<char*>(arg.c_str()));
        argv.push_back(nullptr);

        const std::vector<std::string> environment = import_child_environment(environ);
        std::vector<char*> envp;
        for (const std::string& variable : environment)
            envp.push_back(const_cast<char*>(variable.c_str()));
        envp.push_back(nullptr);

        posix_spawn_file_actions_t actions;
        posix_spawn_file_actions_init(&actions);
        // stdout may carry the command line's JSON: the child must never write to it.
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
        posix_spawn_file_actions_adddup2(&actions, write_end.get(), kImportReplyFd);
        posix_spawn_file_actions_addclosefrom_np(&actions, kImportReplyFd + 1);
        posix_spawnattr_t attributes;
        posix_spawnattr_init(&attributes);
        sigset_t none, all;
        sigemptyset(&none);
        sigfillset(&all);
        posix_spawnattr_setsigmask(&attributes, &none);
        posix_spawnattr_setsigdefault(&attributes, &all);
        posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
        const int error =
            ::posix_spawn(&pid_, program.c_str(), &actions, &attributes, argv.data(), envp.data());
        // posix_spawn ran the child in this process's memory (vfork) until its exec, and Linux
        // keeps the largest resident size across exec: the child's ru_maxrss is at least this
        // process's peak as it was then, which is at most this process's peak now (asked after
        // posix_spawn returns, so after the exec: the child's stack grew it too).
        rusage self{};
        ::getrusage(RUSAGE_SELF, &self);
        spawner_peak_bytes_ = std::uint64_t(self.ru_maxrss) * 1024;
        posix_spawn_file_actions_destroy(&actions);
        posix_spawnattr_destroy(&attributes);
        if (error != 0) {
            pid_ = -1;
            throw std::system_error(error, std::generic_category(), "posix_spawn");
        }
        // -1 on kernels before 5.3: then wait() sleeps between checks instead.
        // (glibc 2.36's pidfd_open() wrapper lacks C linkage in C++.)
        pidfd_.reset(int(::syscall(SYS_pidfd_open, pid_, 0)));
    }
    ~ChildProcess() {
        if (pid_ <= 0) return;
        kill();
        while (!wait()) {
        }
    }
    ChildProcess(const ChildProcess&) = delete;
    ChildProcess& operator=(const ChildProcess&) = delete;

    [[nodiscard]] int reply_fd() const { return reply_.get(); }
    void close_reply() { reply_.reset(); }

    void kill() const {
        if (pid_ > 0) ::kill(pid_, SIGKILL);
    }

    /// Waits up to kPollMilliseconds for the child to end; reaps it and returns how it ended,
    /// or nothing yet.
    std::optional<ChildEnd> wait() {
        ChildEnd end;
        rusage usage{};
        pid_t done = -1;
        do {
            done = ::wait4(pid_, &end.status, WNOHANG, &usage);
        } while (done < 0 && errno == EINTR);
        if (done == 0) {
            watch_peak();
            if (pidfd_.get() >= 0) {
                pollfd fd{pidfd_.get(), POLLIN, 0};
                ::poll(&fd, 1, kPollMilliseconds);
            } else {
                std::this_thread::sleep_for(std::chrono::milliseconds(5));
            }
            return std::nullopt;
        }
        pid_ = -1;  // reaped (or, should wait4 fail, not ours to wait for any more)
        end.cpu_seconds = double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
                          1e-6 * double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec);
        // Its own peak: ru_maxrss when clearly above what it inherited (the kernel's resident
        // counts are approximate, and this process may have grown a little while the child
        // started), else the largest seen while it ran.
        const std::uint64_t reported = std::uint64_t(usage.ru_maxrss) * 1024;
        const bool own = reported > spawner_peak_bytes_ + kInheritedPeakSlack;
        end.peak_resident_bytes = std::max(peak_seen_bytes_, own ? reported : 0);
        return end;
    }

    /// Notes the child's own largest resident size so far (VmHWM, which starts at its exec).
    void watch_peak() {
        std::ifstream status("/proc/" + std::to_string(pid_) + "/status");
        std::string key;
        while (status >> key) {
            if (key == "VmHWM:") {
                std::uint64_t kilobytes = 0;
                if (status >> kilobytes)
                    peak_seen_bytes_ = std::max(peak_seen_bytes_, kilobytes * 1024);
                return;
            }
            status.ignore(std::numeric_limits<std::streamsize>::max(), '\n');
        }
    }

    /// The child's resident memory now, from /proc (0 when it cannot be read).
    [[nodiscard]] std::uint64_t resident_bytes() const {
        std::ifstream statm("/proc/" + std::to_string(pid_) + "/statm");
        std::uint64_t size = 0, resident = 0;
        statm >> size >> resident;
        return resident * std::uint64_t(::sysconf(_SC_PAGESIZE));
    }

  private:
    pid_t pid_ = -1;
    Fd reply_;
    Fd pidfd_;
    std::uint64_t spawner_peak_bytes_ = 0;  ///< this process's ru_maxrss when it spawned the child
    std::uint64_t peak_seen_bytes_ = 0;     ///< the child's largest VmHWM read while it ran
};

std::string signal_text(int signal) {
    const char* abbreviation = ::sigabbrev_np(signal);
    return "signal " + std::to_string(signal) +
           (abbreviation ? std::string(", SIG") + abbreviation : std::string());
}

/// What happened while the parent read the answer.
struct Reading {
    protocol::ReplyParser parser;
    std::optional<Scene> scene;  ///< the answer's scene, decoded as it came
    /// Why the answer's scene could not be had: what to say, and the kind of failure.
    std::optional<std::pair<std::string, LoadFailure>> scene_problem;
    std::optional<std::string> protocol_error;
    bool cancelled = false;
    bool over_memory = false;  ///< stopped by the parent's resident-memory watch
};

/// The next bytes of the pipe into `room`, once it has some, honouring a cancel and the memory
/// watch: how many (0 at the pipe's end), or nothing when the reading stopped (the child is
/// killed then, and `reading` says why).
std::optional<std::size_t> read_pipe(ChildProcess& child, std::span<std::byte> room,
                                     LoadProgress* progress, const ImportLimits& limits,
                                     Reading& reading) {
    const bool watch_memory = !import_memory_limit_is_address_space();
    while (true) {
        if (progress && progress->cancel.load()) {
            reading.cancelled = true;
            child.kill();
            return std::nullopt;
        }
        if (watch_memory && child.resident_bytes() > limits.memory_bytes) {
            reading.over_memory = true;
            child.kill();
            return std::nullopt;
        }
        pollfd fd{child.reply_fd(), POLLIN, 0};
        const int ready = ::poll(&fd, 1, kPollMilliseconds);
        if (ready == 0) child.watch_peak();  // a quiet moment: the child is busy loading
        const ssize_t n = ready > 0 ? ::read(child.reply_fd(), room.data(), room.size()) : 0;
        if (ready < 0 || n < 0) {
            if (errno == EINTR || errno == EAGAIN) continue;
            reading.protocol_error =
                std::string("reading its pipe failed: ") + std::strerror(errno);
            child.kill();
            return std::nullopt;
        }
        if (ready > 0) return std::size_t(n);
    }
}

/// Thrown out of the scene's decoding when the reading stopped (`Reading` says why).
struct ReadingStopped {};
/// Thrown out of the scene's decoding when the pipe ends inside the scene.
struct PipeEnded {};

/// The scene's bytes: those that came with its header, then the pipe's.
class PipeSource final : public SceneWireSource {
  public:
    PipeSource(ChildProcess& child, std::span<const std::byte> first, LoadProgress* progress,
               const ImportLimits& limits, Reading& reading)
        : child_(child), first_(first), progress_(progress), limits_(limits), reading_(reading) {}

    std::size_t read(std::span<std::byte> room) override {
        std::size_t n = std::min(room.size(), first_.size());
        if (n > 0) {
            std::memcpy(room.data(), first_.data(), n);
            first_ = first_.subspan(n);
        } else {
            const auto got = read_pipe(child_, room, progress_, limits_, reading_);
            if (!got) throw ReadingStopped{};
            if (*got == 0) throw PipeEnded{};
            n = *got;
        }
        received_ += n;
        return n;
    }
    [[nodiscard]] std::uint64_t received() const { return received_; }
    /// What came with the header after the scene (nothing, unless the child sent too much).
    [[nodiscard]] std::span<const std::byte> rest() const { return first_; }

  private:
    ChildProcess& child_;
    std::span<const std::byte> first_;
    LoadProgress* progress_;
    const ImportLimits& limits_;
    Reading& reading_;
    std::uint64_t received_ = 0;
};

/// Decodes the scene whose header the parser has just read, straight from the pipe (`first`:
/// its bytes that came with the header). Returns the bytes that came after it, if any.
std::span<const std::byte> read_scene(ChildProcess& child, std::span<const std::byte> first,
                                      LoadProgress* progress, const ImportLimits& limits,
                                      Reading& reading) {
    PipeSource source(child, first, progress, limits, reading);
    try {
        reading.scene = decode_scene(source, reading.parser.scene_size());
        reading.parser.scene_read();
        return source.rest();
    } catch (const SceneWireError& e) {
        reading.scene_problem = {std::string("the importer's answer is malformed: ") + e.what(),
                                 LoadFailure::Malformed};
        child.kill();
    } catch (const std::bad_alloc&) {
        reading.scene_problem = {"out of memory while reading the importer's answer",
                                 LoadFailure::MemoryLimit};
        child.kill();
    } catch (const PipeEnded&) {
        reading.parser.scene_cut_short(source.received());
    } catch (const ReadingStopped&) {
    }
    return {};
}

/// Reads the child's frames until its pipe closes, a cancel, the memory watch, a protocol
/// error or a scene that is not one; in the last four cases the child is killed.
void read_answer(ChildProcess& child, LoadProgress* progress, const ImportLimits& limits,
                 Reading& reading) {
    std::vector<std::byte> chunk(1 << 20);
    while (true) {
        const auto n = read_pipe(child, chunk, progress, limits, reading);
        if (!n || *n == 0) return;
        std::span<const std::byte> bytes = std::span(chunk).first(*n);
        try {
            bytes = bytes.subspan(reading.parser.feed(bytes));
            if (reading.parser.scene_follows()) {
                bytes = read_scene(child, bytes, progress, limits, reading);
                if (!reading.scene) return;
                (void)reading.parser.feed(bytes);  // nothing may follow the scene
            }
        } catch (const protocol::ProtocolError& e) {
            reading.protocol_error = e.what();
            child.kill();
            return;
        }
        if (progress && reading.parser.progress())
            progress->fraction = kChildShareOfProgress * *reading.parser.progress();
    }
}

/// Waits for the child to end, still honouring a cancel and the memory watch.
ChildEnd reap(ChildProcess& child, LoadProgress* progress, const ImportLimits& limits,
              Reading& reading) {
    const bool watch_memory = !import_memory_limit_is_address_space();
    while (true) {
        if (auto end = child.wait()) return *end;
        if (progress && progress->cancel.load() && !reading.cancelled) {
            reading.cancelled = true;
            child.kill();
        }
        if (watch_memory && !reading.over_memory && child.resident_bytes() > limits.memory_bytes) {
            reading.over_memory = true;
            child.kill();
        }
    }
}

[[noreturn]] void fail(const std::filesystem::path& path, const std::string& reason,
                       LoadFailure failure) {
    throw LoadError(path, reason, failure);
}

std::string memory_limit_text(const ImportLimits& limits) {
    return "its memory limit of " + megabytes_text(limits.memory_bytes) +
           " (RAYPICK_IMPORT_MEMORY_MB sets it)";
}

/// Why the child ended without a usable answer.
[[noreturn]] void explain_end(const std::filesystem::path& path, const ChildEnd& end,
                              const Reading& reading, const ImportLimits& limits) {
    if (reading.over_memory)
        fail(path, "the importer went over " + memory_limit_text(limits) + " and was stopped",
             LoadFailure::MemoryLimit);
    if (WIFSIGNALED(end.status)) {
        const int signal = WTERMSIG(end.status);
        if (signal == SIGXCPU ||
            (signal == SIGKILL && end.cpu_seconds >= double(limits.cpu_seconds))) {
            fail(path,
                 "the importer used up its CPU-time limit of " +
                     std::to_string(limits.cpu_seconds) +
                     " s on this file and was stopped (RAYPICK_IMPORT_CPU_SECONDS sets it)",
                 LoadFailure::CpuLimit);
        }
        std::string reason = "the importer crashed on this file (" + signal_text(signal) + ")";
        if (end.peak_resident_bytes * 2 >= limits.memory_bytes) {
            reason += "; it had used " + megabytes_text(end.peak_resident_bytes) + " of " +
                      memory_limit_text(limits);
        }
        fail(path, reason, LoadFailure::Crashed);
    }
    if (WIFEXITED(end.status) && WEXITSTATUS(end.status) != 0) {
        fail(path,
             "the importer crashed on this file: it ended with status " +
                 std::to_string(WEXITSTATUS(end.status)) + " and no answer",
             LoadFailure::Crashed);
    }
    std::string problem = "no answer came";
    try {
        reading.parser.finish();
    } catch (const protocol::ProtocolError& e) {
        problem = e.what();
    }
    fail(path, "the importer's answer is malformed: " + problem, LoadFailure::Malformed);
}

/// The answer's scene, checked as if the file had been read here.
Scene accept_scene(const std::filesystem::path& path, Scene scene) {
    scene.source = path.string();
    try {
        validate_scene(scene, path);
    } catch (const LoadError& e) {
        fail(path, "the importer's answer is malformed: " + e.reason(), LoadFailure::Malformed);
    }
    return scene;
}

}  // namespace

std::vector<std::string> import_child_environment(const char* const* environment) {
    constexpr std::string_view kTunables = "GLIBC_TUNABLES=";
    const std::string ours = std::string(kTunables) + "glibc.malloc.hugetlb=1";
    std::vector<std::string> out;
    bool tuned = false;
    for (const char* const* variable = environment; *variable != nullptr; ++variable) {
        std::string_view text = *variable;
        if (text.starts_with(kTunables)) {  // the user's after ours: glibc takes the last
            text.remove_prefix(kTunables.size());
            out.push_back(text.empty() ? ours : ours + ":" + std::string(text));
            tuned = true;
        } else {
            out.emplace_back(text);
        }
    }
    if (!tuned) out.push_back(ours);
    return out;
}

bool imports_in_child(const std::filesystem::path& path) {
    return path != kDefaultSceneName && !parse_knot_name(path.string());
}

Scene import_model(const std::filesystem::path& path, const LoadOptions& options,
                   LoadProgress* progress, const ImportLimits& limits) {
    if (!imports_in_child(path)) return load_model(path, options, progress);
    if (!import_role_offered()) {
        throw std::logic_error(
            "import_model: this program cannot be its own import process (its main() must call "
            "assets::serve_import_role first)");
    }
    if (progress && progress->cancel.load())
        fail(path, "loading cancelled", LoadFailure::Cancelled);
    if (progress) progress->fraction = 0.0f;

    ImportRequest request;
    request.path = path;
    request.options = options;
    request.limits = limits;
    request.parent_pid = long(::getpid());
    std::optional<ChildProcess> started;
    try {
        started.emplace(request);
    } catch (const std::system_error& e) {
        fail(path, std::string("cannot start the import process (") + e.what() + ")",
             LoadFailure::Refused);
    }
    ChildProcess& child = *started;

    Reading reading;
    read_answer(child, progress, limits, reading);
    child.close_reply();
    // Check the scene while the child tears down its address space.
    std::optional<Scene> scene;
    std::optional<LoadError> scene_error;
    if (reading.scene && !reading.cancelled && !reading.over_memory && !reading.protocol_error) {
        try {
            scene = accept_scene(path, std::move(*reading.scene));
        } catch (const LoadError& e) {
            scene_error = e;
        }
        reading.scene.reset();
    }
    if (reading.scene_problem)
        scene_error = LoadError(path, reading.scene_problem->first, reading.scene_problem->second);
    const ChildEnd end = reap(child, progress, limits, reading);

    if (reading.cancelled) fail(path, "loading cancelled", LoadFailure::Cancelled);
    if (reading.protocol_error) {
        fail(path, "the importer's answer is malformed: " + *reading.protocol_error,
             LoadFailure::Malformed);
    }
    if (scene) {
        if (progress) progress->fraction = 1.0f;
        return std::move(*scene);
    }
    if (scene_error) throw *scene_error;
    if (const auto& refusal = reading.parser.refusal(); refusal && !reading.over_memory) {
        if (*refusal == LoadFailure::MemoryLimit) {
            // The limit, and the child's reason when it knows more (a file claiming more than
            // memory allows).
            const std::string& reason = reading.parser.refusal_reason();
            fail(path,
                 "the importer ran out of memory under " + memory_limit_text(limits) +
                     (reason == kOutOfMemoryWhileLoading ? std::string() : ": " + reason),
                 LoadFailure::MemoryLimit);
        }
        fail(path, reading.parser.refusal_reason(), LoadFailure::Refused);
    }
    explain_end(path, end, reading, limits);
}

Scene import_model(const std::filesystem::path& path, const LoadOptions& options,
                   LoadProgress* progress) {
    if (!imports_in_child(path)) return load_model(path, options, progress);
    ImportLimits limits;
    try {
        limits = import_limits();
    } catch (const std::invalid_argument& e) {
        fail(path, e.what(), LoadFailure::Refused);
    }
    return import_model(path, options, progress, limits);
}

}  // namespace assets
