// Layer 2: the game tree's storage. A growable array of plain records that
// can hand out room past its end uninitialised: the reader writes a run of
// moves straight into it and counts them in once (a std::vector checks its
// capacity for every push_back, or initialises what resize adds, and a
// record is mostly moves: issue 23).
#pragma once

#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <new>
#include <type_traits>
#include <utility>

namespace gocount::sgf {

template <class T>
class PodArray {
  static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>);

 public:
  PodArray() = default;
  PodArray(const PodArray&) = delete;
  PodArray& operator=(const PodArray&) = delete;
  PodArray(PodArray&& o) noexcept
      : data_(std::exchange(o.data_, nullptr)), size_(std::exchange(o.size_, 0)), capacity_(std::exchange(o.capacity_, 0)) {}
  PodArray& operator=(PodArray&& o) noexcept {
    std::swap(data_, o.data_);
    std::swap(size_, o.size_);
    std::swap(capacity_, o.capacity_);
    return *this;
  }
  ~PodArray() { std::free(data_); }

  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  const T& operator[](size_t i) const { return data_[i]; }
  T& operator[](size_t i) { return data_[i]; }
  void clear() { size_ = 0; }  // keeps the storage: no heap once warm
  void push_back(const T& v) {
    if (size_ == capacity_) grow(1);
    data_[size_++] = v;
  }
  // Room for `n` more elements past the end, not yet counted in: write up to
  // n there, then add(count) them.
  T* room(size_t n) {
    if (capacity_ - size_ < n) grow(n);
    return data_ + size_;
  }
  void add(size_t count) { size_ += count; }

 private:
  void grow(size_t at_least) {
    size_t capacity = capacity_ ? capacity_ * 2 : 64;
    while (capacity - size_ < at_least) capacity *= 2;
    void* p = std::realloc(data_, capacity * sizeof(T));
    if (!p) throw std::bad_alloc();
    data_ = static_cast<T*>(p);
    capacity_ = capacity;
  }

  T* data_ = nullptr;
  size_t size_ = 0, capacity_ = 0;
};

}  // namespace gocount::sgf
